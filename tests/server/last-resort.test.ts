// @vitest-environment node
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'
import { waitFor } from './support/smtp-test-server.ts'

async function startFaultyServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests/server/fixtures/faulty-server.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  const lines: string[] = []
  child.stdout.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  await waitFor(() => lines.some((line) => line.startsWith('port ')), 30_000)
  const port = Number(lines.find((line) => line.startsWith('port '))!.slice(5))
  const entries = () => lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>)
  return { child, port, entries, exited }
}

describe('the last-resort handler', () => {
  it('logs a stray rejected promise with its request id and keeps serving', async () => {
    const server = await startFaultyServer()
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/reject-later`, { headers: { 'x-request-id': 'req-reject-1' } })
      expect(answer.status).toBe(200)
      await waitFor(() => server.entries().some((entry) => entry.msg === 'unhandled promise rejection; still serving'))
      expect(server.entries().find((entry) => entry.level === 'error')).toMatchObject({ requestId: 'req-reject-1' })
      expect((await fetch(`http://127.0.0.1:${server.port}/health`)).status).toBe(200)
    } finally {
      server.child.kill('SIGKILL')
    }
  }, 60_000)

  it('logs an uncaught exception with its request id, then stops gracefully with exit code 1 for the supervisor', async () => {
    const server = await startFaultyServer()
    await fetch(`http://127.0.0.1:${server.port}/throw-later`, { headers: { 'x-request-id': 'req-throw-1' } })
    expect(await server.exited).toBe(1)
    expect(server.entries().find((entry) => entry.level === 'fatal')).toMatchObject({
      requestId: 'req-throw-1',
      msg: 'unexpected error; stopping so the supervisor restarts the server',
      err: expect.objectContaining({ message: 'planted bug' }),
    })
    expect(server.entries().map((entry) => entry.msg)).toContain('stopped')
  }, 60_000)
})
