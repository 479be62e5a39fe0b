import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'

/** A port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * For tests and benchmarks (never the server; they install it first: scripts/lib/system-packages.ts): a real redis-server, unprivileged, on a free loopback port, in a temporary folder, with the
 * append-only file on (as production must run it, docs/deploy.md (Redis section)). `kill()` is SIGKILL, not a
 * clean shutdown, and `start()` again brings it back on the same port from the same AOF.
 */
export async function startLocalRedis() {
  const dir = await mkdtemp(join(tmpdir(), 'redis-test-'))
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  const output: string[] = []

  async function start(): Promise<void> {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
        '--protected-mode',
        'yes',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null }).on('error', () => undefined)
    const deadline = Date.now() + 10_000
    for (;;) {
      try {
        await probe.connect()
        await probe.ping()
        probe.disconnect()
        return
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server did not start:\n${output.join('')}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }

  async function kill(): Promise<void> {
    const running = child
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }

  await start()
  return {
    port,
    url,
    output,
    start,
    kill,
    /** A plain client for the test's own look at the data. */
    client: () => new Redis(url, { maxRetriesPerRequest: 1 }).on('error', () => undefined), // down on purpose at times
    async stop() {
      await kill()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export type LocalRedis = Awaited<ReturnType<typeof startLocalRedis>>
