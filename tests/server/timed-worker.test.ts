import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { JobNotDone, timedWorker, type TimedWorkerOptions } from '../../editor/server/timed-worker.ts'
import type { TestJob } from './fixtures/test-job-worker.ts'

/**
 * The editor's checker thread's machinery (editor/server/timed-worker.ts), on a test worker whose
 * jobs do what they are told: jobs answered in the order they came on one thread that stays; a job
 * past its time limit refused and its thread replaced; a flood refused at once; a thread never
 * keeping a finished command alive.
 */
const file = new URL('./fixtures/test-job-worker.ts', import.meta.url)
type Answer = { name: string; threadId: number }
const workers: { stop(): Promise<void> }[] = []
const worker = (options: Partial<TimedWorkerOptions> = {}) => {
  const made = timedWorker<TestJob, Answer>(file, { timeLimitMs: 10_000, waitingLimit: 10, ...options })
  workers.push(made)
  return made
}
afterEach(async () => {
  for (const made of workers.splice(0)) await made.stop()
})

/** A job that holds its thread until release() is called: a check of a known length, whatever the machine's load. */
function heldJob(name: string) {
  const flag = new Int32Array(new SharedArrayBuffer(4))
  return {
    job: { name, do: 'hold', release: flag } as const,
    release() {
      Atomics.store(flag, 0, 1)
      Atomics.notify(flag, 0)
    },
  }
}
const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )

describe('a timed worker', () => {
  it('answers jobs in the order they came, one at a time, on one thread that stays', async () => {
    const jobs = worker()
    const finished: string[] = []
    const first = heldJob('first')
    const answers = [jobs.run(first.job), jobs.run({ name: 'second', do: 'answer' }), jobs.run({ name: 'third', do: 'answer' })].map((answer) =>
      answer.then((value) => (finished.push(value.name), value)),
    )
    await sleep(200)
    // The second and third wait for the first, however long it holds the thread.
    expect(finished).toEqual([])
    first.release()
    const values = await Promise.all(answers)
    expect(finished).toEqual(['first', 'second', 'third'])
    expect(new Set(values.map((value) => value.threadId)).size).toBe(1)
  })

  it('runs each job’s clock from its start, not its arrival: jobs waiting behind a slow one are not refused for the wait', async () => {
    const jobs = worker({ timeLimitMs: 1_500 })
    await jobs.run({ name: 'thread started', do: 'answer' })
    const first = heldJob('first')
    const second = heldJob('second')
    const answers = [outcome(jobs.run(first.job)), outcome(jobs.run(second.job))]
    // Each holds its thread for about half the limit; the second is answered 2 × 800 ms after it came.
    await sleep(800)
    first.release()
    await answers[0]
    await sleep(800)
    second.release()
    const [firstAnswer, secondAnswer] = await Promise.all(answers)
    expect(firstAnswer).toMatchObject({ value: { name: 'first' } })
    expect(secondAnswer).toMatchObject({ value: { name: 'second' } })
  })

  it('refuses a job past the time limit, ends its thread, and answers the next on a fresh one', async () => {
    const jobs = worker({ timeLimitMs: 500 })
    const before = await jobs.run({ name: 'before', do: 'answer' })
    const started = performance.now()
    const [stuck, after] = [outcome(jobs.run({ name: 'loops forever', do: 'loop' })), jobs.run({ name: 'after', do: 'answer' })]
    const refused = await stuck
    expect(refused).toMatchObject({ error: expect.any(JobNotDone) })
    expect((refused as { error: JobNotDone }).error.reason).toBe('time')
    expect(performance.now() - started).toBeGreaterThanOrEqual(490)
    const answered = await after
    expect(answered.name).toBe('after')
    expect(answered.threadId).not.toBe(before.threadId)
  })

  it('refuses a job at once when the waiting line is full, and still answers the ones in it', async () => {
    const jobs = worker({ waitingLimit: 2 })
    const held = heldJob('running')
    const running = jobs.run(held.job)
    const waiting = [jobs.run({ name: 'waiting 1', do: 'answer' }), jobs.run({ name: 'waiting 2', do: 'answer' })]
    const refused = await outcome(jobs.run({ name: 'one too many', do: 'answer' }))
    expect((refused as { error: JobNotDone }).error.reason).toBe('busy')
    held.release()
    expect((await Promise.all([running, ...waiting])).map((answer) => answer.name)).toEqual(['running', 'waiting 1', 'waiting 2'])
  })

  it('passes a job’s error on with its message, and keeps the thread', async () => {
    const jobs = worker()
    const before = await jobs.run({ name: 'before', do: 'answer' })
    const failed = await outcome(jobs.run({ name: 'the job', do: 'throw' }))
    expect((failed as { error: Error }).error.message).toBe('the job failed as asked')
    expect((await jobs.run({ name: 'after', do: 'answer' })).threadId).toBe(before.threadId)
  })

  it('refuses a job that needs more memory than the thread may use, and answers the next on a fresh thread', async () => {
    const jobs = worker({ maxHeapMb: 32, timeLimitMs: 60_000 })
    const failed = await outcome(jobs.run({ name: 'greedy', do: 'fill-heap' }))
    expect((failed as { error: JobNotDone }).error.reason).toBe('memory')
    expect((await jobs.run({ name: 'after', do: 'answer' })).name).toBe('after')
  }, 60_000)

  it('keeps no command alive once its jobs are done', async () => {
    const script = `
      import { timedWorker } from ${JSON.stringify(new URL('../../editor/server/timed-worker.ts', import.meta.url).href)}
      const jobs = timedWorker(new URL(${JSON.stringify(file.href)}), { timeLimitMs: 10000, waitingLimit: 1 })
      console.log((await jobs.run({ name: 'only', do: 'answer' })).name)`
    const command = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'timed-worker-')), 'command.mjs')
    fs.writeFileSync(command, script)
    const started = performance.now()
    const { stdout } = await promisify(execFile)(process.execPath, [command], { timeout: 20_000 })
    expect(stdout.trim()).toBe('only')
    // The command ended by itself (execFile's timeout would have killed it, and failed the test).
    expect(performance.now() - started).toBeLessThan(20_000)
  }, 30_000)
})
