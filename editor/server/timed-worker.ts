import { parentPort, Worker } from 'node:worker_threads'

export interface TimedWorkerOptions {
  /** A job still running this long after it started is given up, and its thread ended. */
  timeLimitMs: number
  /** Jobs waiting behind the running one; one more is refused at once. */
  waitingLimit: number
  /** The thread's own memory cap: a job that needs more ends the thread, as a job past the time limit does. */
  maxHeapMb?: number
}

/** Why a job was not done: it ran past the time limit, the thread ran out of memory, or too many were waiting. */
export class JobNotDone extends Error {
  readonly reason: 'time' | 'memory' | 'busy'
  constructor(reason: JobNotDone['reason'], message: string) {
    super(message)
    this.reason = reason
  }
}

type Answer = { ok: true; value: unknown } | { ok: false; message: string; stack?: string }
interface Job {
  input: unknown
  resolve(value: unknown): void
  reject(error: Error): void
  timer?: NodeJS.Timeout
}

/**
 * One worker thread running `file`'s jobs (answerJobs below), one at a time, in the order they came,
 * so that whatever a job costs is the thread's time and never the event loop's. The thread starts on
 * the first job and stays (the file's modules load once); past `timeLimitMs` a job's thread is
 * ended, as JavaScript busy in a loop cannot be interrupted in any other way, and the next job
 * starts a fresh one. The time limit counts from the job's start, not from its arrival, so one slow
 * job never makes the jobs behind it late. Written here rather than taken from a pool library:
 * piscina's cancellation runs the clock from the queueing, and one thread needs no pool.
 */
export function timedWorker<Input, Output>(file: URL, { timeLimitMs, waitingLimit, maxHeapMb }: TimedWorkerOptions) {
  let thread: Worker | undefined
  let running: Job | undefined
  const waiting: Job[] = []

  /** Settles the running job, then starts the next. */
  function finish(outcome: { value: unknown } | { error: Error }): void {
    const job = running
    running = undefined
    if (job) {
      clearTimeout(job.timer)
      if ('error' in outcome) job.reject(outcome.error)
      else job.resolve(outcome.value)
    }
    next()
  }

  function startThread(): Worker {
    const started = new Worker(file, maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } } : {})
    // A thread given up on (past the time limit) may still say something as it ends: not heard.
    const current = () => thread === started
    started.on('message', (answer: Answer) => {
      if (!current()) return
      if (answer.ok) return finish({ value: answer.value })
      finish({ error: Object.assign(new Error(answer.message), { stack: answer.stack }) })
    })
    started.on('error', (error: Error & { code?: string }) => {
      if (!current()) return
      thread = undefined
      finish({ error: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new JobNotDone('memory', error.message) : error })
    })
    started.on('exit', (code) => {
      if (!current()) return
      thread = undefined
      if (running) finish({ error: new Error(`The worker thread stopped (exit ${code}) during a job.`) })
    })
    return started
  }

  function next(): void {
    if (running) return
    const job = waiting.shift()
    if (!job) {
      // An idle thread keeps no process alive (a command, a test run) that has nothing else to do.
      thread?.unref()
      return
    }
    const runningThread = (thread ??= startThread())
    runningThread.ref()
    running = job
    job.timer = setTimeout(() => {
      if (running !== job) return
      thread = undefined
      void runningThread.terminate()
      finish({ error: new JobNotDone('time', `no answer within ${timeLimitMs} ms`) })
    }, timeLimitMs)
    runningThread.postMessage(job.input)
  }

  return {
    run(input: Input): Promise<Output> {
      if (waiting.length >= waitingLimit) return Promise.reject(new JobNotDone('busy', `${waitingLimit} jobs are already waiting`))
      return new Promise<Output>((resolve, reject) => {
        waiting.push({ input, resolve: resolve as (value: unknown) => void, reject })
        next()
      })
    },
    /** Ends the thread; the running job and the waiting ones are refused. */
    async stop(): Promise<void> {
      const stopped = new Error('The worker thread was stopped.')
      for (const job of waiting.splice(0)) job.reject(stopped)
      const stopping = thread
      thread = undefined
      if (running) finish({ error: stopped })
      await stopping?.terminate()
    },
  }
}

/** The worker's side: each message is a job, answered with `handle`'s result or its error's message. */
export function answerJobs<Input, Output>(handle: (input: Input) => Output): void {
  if (!parentPort) throw new Error('answerJobs runs in a worker thread (timedWorker starts it).')
  const port = parentPort
  port.on('message', (input: Input) => {
    let answer: Answer
    try {
      answer = { ok: true, value: handle(input) }
    } catch (error) {
      answer = error instanceof Error ? { ok: false, message: error.message, ...(error.stack ? { stack: error.stack } : {}) } : { ok: false, message: String(error) }
    }
    port.postMessage(answer)
  })
}
