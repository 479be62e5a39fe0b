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
 * The content build of a checked config text into a new folder, in a process of its own: the
 * prerender holds one site's module state per process, and rendering every page would hold the
 * server's event loop for a second or more. The text goes through a temporary file, not an
 * argument (a config is larger than a command line may be). Rejects with the command's own words.
 */
export function contentBuildProcess({ command, pictureDirs, timeoutMs = DEFAULT_TIMEOUT_MS }: ContentBuildProcessOptions) {
  return async (configText: string, outDir: string): Promise<void> => {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'site-publish-'))
    const configFile = path.join(scratch, 'site.config.json')
    try {
      await writeFile(configFile, configText)
      const args = [command, configFile, '--out', outDir, '--checked', ...pictureDirs.flatMap((dir) => ['--pictures', dir])]
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } })
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
