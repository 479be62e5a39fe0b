import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { root } from './paths.ts'

export interface DevServerOptions {
  port: number
  /** A copy of the config to show and edit; the project's own file is never touched. */
  configFile: string
}

/**
 * `npm run dev` (scripts/dev/server.ts) in a process of its own, on a copy of the config, for the live
 * preview test and benchmark. Resolves once /health answers.
 */
export async function startDevServer({ port, configFile }: DevServerOptions) {
  const url = `http://127.0.0.1:${port}`
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-outbox-'))
  const log: string[] = []
  // node --import tsx is `tsx` without the npx wrapper, so the pid is the server's own.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SITE_CONFIG: configFile, OUTBOX_DIR: outboxDir, MIN_SUBMIT_MS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(outboxDir, { recursive: true, force: true })
  }

  // Generous: the first start pre-bundles the dependencies (node_modules/.vite).
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`scripts/dev/server.ts exited with ${child.exitCode}:\n${log.join('\n')}`)
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`scripts/dev/server.ts did not answer on ${url} within 90 s:\n${log.slice(-10).join('\n')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, log, outboxDir, stop }
}

/** A temporary copy of site.config.json; `remove` deletes its folder. */
export function temporaryConfigCopy(source = path.join(root, 'site.config.json')) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-config-'))
  const file = path.join(dir, 'site.config.json')
  fs.copyFileSync(source, file)
  return { file, original: fs.readFileSync(file, 'utf8'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}
