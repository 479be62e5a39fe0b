import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { isBuildFresh } from './build-stamp.ts'
import { freePort } from './local-redis.ts'
import { root } from './paths.ts'

/** The instances run the build (dist/ and the compiled server): make it once, before starting N of them. */
export function buildSiteOnce(): void {
  if (isBuildFresh()) return
  const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('npm run build failed')
}

/**
 * One real server process (the compiled build/server/main.js, as production runs it) on its own
 * port, started with node itself so a SIGKILL hits the server, not a wrapper.
 */
export async function startServerInstance(name: string, env: Record<string, string>) {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const logs: string[] = []
  let child: ChildProcess | undefined

  async function start(): Promise<void> {
    child = spawn(process.execPath, ['build/server/main.js'], {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const keep = (chunk: Buffer) =>
      logs.push(
        ...chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((line) => `${name}: ${line}`),
      )
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    const deadline = Date.now() + 30_000
    for (;;) {
      const health = await fetch(`${baseUrl}/health`).then(
        (answer) => answer.json() as Promise<{ redis?: { reachable: boolean } }>,
        () => undefined,
      )
      if (health?.redis?.reachable) return
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not become ready:\n${logs.slice(-30).join('\n')}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  async function kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const running = child
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill(signal)
    await exited
  }

  await start()
  return { name, port, baseUrl, logs, start, kill }
}

export type ServerInstance = Awaited<ReturnType<typeof startServerInstance>>
