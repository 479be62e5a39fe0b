import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { contentBuildExit } from '../content/content-build-exit.ts'

export interface ContentBuildProcessOptions {
  /** The compiled content build command (build/server/content-build.js). */
  command: string
  /** Folders of pictures added since the code build (the mirror of the store's pictures). */
  pictureDirs: string[]
  /** A build that runs longer is stopped and counts as failed (a wedged process must not hold publishing). */
  timeoutMs?: number
}

/** Longer than any build of a large site on a slow machine; this site builds in under 2 s. */
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
 * The content build of a checked config text into a new folder, in a process of its own: the
 * prerender holds one site's module state per process, and rendering every page would hold the
 * server's event loop for a second or more. The text goes through a temporary file, not an
 * argument (a config is larger than a command line may be). Rejects with the command's own words.
 * It runs at a lower CPU priority than the server (contentBuildNice).
 */
export function contentBuildProcess({ command, pictureDirs, timeoutMs = DEFAULT_TIMEOUT_MS }: ContentBuildProcessOptions) {
  return async (configText: string, outDir: string): Promise<void> => {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'site-publish-'))
    const configFile = path.join(scratch, 'site.config.json')
    try {
      await writeFile(configFile, configText)
      const args = [command, configFile, '--out', outDir, '--checked', ...pictureDirs.flatMap((dir) => ['--pictures', dir])]
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [`--import=${nicerProcess(contentBuildNice())}`, ...args], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, NODE_ENV: 'production' },
        })
        let output = ''
        const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000))
        child.stdout.on('data', keep)
        child.stderr.on('data', keep)
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
        child.once('error', (error) => {
          clearTimeout(timer)
          reject(error)
        })
        child.once('exit', (code, signal) => {
          clearTimeout(timer)
          const stopped = new Error(`The content build stopped (${signal ?? `exit ${code}`}): ${output.trim() || 'no output'}`)
          // Its disk filled up: the same error as a write of this process that found it full.
          if (code === contentBuildExit.outOfSpace) Object.assign(stopped, { code: 'ENOSPC' })
          if (code === 0) resolve()
          else reject(stopped)
        })
      })
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }
}

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
