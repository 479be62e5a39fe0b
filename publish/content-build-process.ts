import { fork, type ChildProcess } from 'node:child_process'
import type { Socket } from 'node:net'
import os from 'node:os'
import type { ContentBuildProgress } from '../content/build-content.ts'
import type { BuildReply, BuildRequest } from '../content/build-service-messages.ts'

export interface ContentBuildProcessOptions {
  /** The compiled content build service (build/server/content-build-service.js). */
  command: string
  /** The code build's site folder (DIST_DIR) and render folder (build/render/). */
  codeDir: string
  renderDir: string
  /** Folders of pictures added since the code build (the mirror of the store's pictures). */
  pictureDirs: string[]
  /** Where the pictures' encoded sizes are kept between builds, so a publish encodes only a new picture. */
  pictureCacheDir: string
  /** A build that runs longer is stopped with its process and counts as failed (a wedged process must not hold publishing). */
  timeoutMs?: number
}

export interface ContentBuildRun {
  /** The site to build onto (ContentBuildOptions.onto): its unchanged pages are linked, not rendered. */
  onto?: string | undefined
  onProgress?: ((progress: ContentBuildProgress) => void) | undefined
}

/** Longer than any build of a large site on a slow machine; this site builds whole in under 2 s. */
const DEFAULT_TIMEOUT_MS = 120_000
/**
 * How much nicer than the server the build runs: visitors' requests take the cores first while a
 * publish builds, and the build has the rest. Not the lowest priority (19): beside other busy
 * processes a build that low gets about one hundredth of a core, and a publish would wait minutes.
 */
const NICER_THAN_SERVER = 10
/** The nice value of a content build started by this process (19 is the lowest priority there is). */
export const contentBuildNice = () => Math.min(19, os.getPriority() + NICER_THAN_SERVER)

/**
 * The content build of checked config texts into new folders, in a process of its own that stays:
 * forked at the first build (or by warm()), it keeps the prerender bundle loaded, so a publish pays
 * for the pages it changed, and rendering never holds the server's event loop. It runs at a lower
 * CPU priority than the server (contentBuildNice). Builds go to it one at a time. A build that
 * outlives `timeoutMs` stops the process (a wedged one); a process that stopped, however, fails
 * the build it was doing with its own last words, and the next build starts a new one (at once
 * after a process that had been ready, so the next publish finds it warm).
 */
export function contentBuildProcess({ command, codeDir, renderDir, pictureDirs, pictureCacheDir, timeoutMs = DEFAULT_TIMEOUT_MS }: ContentBuildProcessOptions) {
  /** One process of the build: its last words (which say why it stopped), and whether it said it is ready. */
  interface Worker {
    child: ChildProcess
    output: string
    ready: boolean
  }
  let current: Worker | undefined
  let closing = false
  let nextId = 0
  let queue: Promise<unknown> = Promise.resolve()

  function start(): Worker {
    const child = fork(command, ['--code', codeDir, '--render', renderDir], {
      execArgv: [`--import=${nicerProcess(contentBuildNice())}`],
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    })
    const worker: Worker = { child, output: '', ready: false }
    const keep = (chunk: Buffer | string) => (worker.output = (worker.output + chunk.toString()).slice(-4000))
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    child.on('message', (message: BuildReply) => void (message.type === 'ready' && (worker.ready = true)))
    // 'close', not 'exit': its output has been read to the end by then.
    child.once('close', () => retire(worker))
    // Not started at all (no such command, no memory to fork): the build waiting on it fails with why.
    child.once('error', (error) => {
      keep(error.message)
      retire(worker)
    })
    // Idle, it keeps no server from ending; a build in flight holds the channel (run()).
    child.unref()
    for (const pipe of [child.stdout, child.stderr]) (pipe as Socket | null)?.unref()
    child.channel?.unref()
    return worker
  }

  /** Forgets a process that stopped or is being stopped; one that had been ready is replaced at once, so the next publish finds the new one warm. */
  function retire(worker: Worker): void {
    if (current !== worker) return
    current = undefined
    if (worker.ready && !closing) current = start()
  }

  function run(configText: string, outDir: string, { onto, onProgress }: ContentBuildRun): Promise<void> {
    const id = ++nextId
    const worker = (current ??= start())
    const { child } = worker
    return new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer)
        child.off('message', onMessage)
        child.off('close', onClose)
        child.off('error', onError)
        child.channel?.unref()
        if (error) reject(error)
        else resolve()
      }
      const onMessage = (message: BuildReply) => {
        if (message.type === 'ready' || message.id !== id) return
        if (message.type === 'progress') onProgress?.(message.progress)
        else if (message.type === 'built') done()
        // Its disk filled up: the same error as a write of this process that found it full.
        else done(Object.assign(new Error(`The content build failed: ${message.message}`), message.outOfSpace ? { code: 'ENOSPC' } : {}))
      }
      const onClose = (code: number | null, signal: NodeJS.Signals | null) =>
        done(new Error(`The content build's process stopped (${signal ?? `exit ${code}`}): ${worker.output.trim() || 'no output'}`))
      const onError = (error: Error) => done(new Error(`The content build's process could not run: ${error.message}`))
      const timer = setTimeout(() => {
        done(new Error(`The content build took longer than ${timeoutMs / 1000} s and was stopped.`))
        retire(worker)
        child.kill('SIGKILL')
      }, timeoutMs)
      child.on('message', onMessage)
      child.once('close', onClose)
      child.once('error', onError)
      child.channel?.ref()
      const request: BuildRequest = { id, configText, outDir, pictureDirs, pictureCacheDir, ...(onto ? { onto } : {}) }
      child.send(request, (error) => error && done(error))
    })
  }

  return {
    /** Builds `configText` into `outDir` (a new folder), onto `onto` when given. Rejects with the build's own words. */
    build(configText: string, outDir: string, options: ContentBuildRun = {}): Promise<void> {
      const build = queue.then(() => run(configText, outDir, options))
      queue = build.catch(() => undefined)
      return build
    },
    /** Starts the process now, so the first publish finds it ready. */
    warm(): void {
      current ??= start()
    },
    /** Stops the process; a build in flight fails. */
    async close(): Promise<void> {
      closing = true
      const child = current?.child
      if (!child || child.exitCode !== null || child.signalCode !== null) return
      await new Promise((resolve) => {
        child.once('exit', resolve)
        // Held until it has stopped, though idle it holds nothing.
        child.ref()
        child.kill()
      })
    },
  }
}

export type ContentBuilder = ReturnType<typeof contentBuildProcess>

/**
 * A module the build's process imports before its own code, giving the process the nice value
 * `nice`. From inside, because on Linux a nice value is each thread's own: os.setPriority(child.pid)
 * from here reaches the child's main thread only, and V8's helper threads (the garbage collector's)
 * have started by then at the server's priority. New threads take their creator's value. A thread
 * gone meanwhile has nothing to lower, and a build at the server's priority is still a build.
 */
function nicerProcess(nice: number): string {
  const code = `import fs from 'node:fs'; import os from 'node:os';
if (process.platform === 'linux') for (const thread of fs.readdirSync('/proc/self/task')) try { os.setPriority(Number(thread), ${nice}) } catch {}
else os.setPriority(${nice});`
  return `data:text/javascript,${encodeURIComponent(code)}`
}
