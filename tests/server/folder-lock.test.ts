import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LockLost, withLockFile } from '../../publish/folder-lock.ts'
import { root } from '../../scripts/lib/paths.ts'

let dir: string
let lockFile: string
const children: ChildProcess[] = []
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folder-lock-'))
  lockFile = join(dir, '.publish.lock')
})
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  await rm(dir, { recursive: true, force: true })
})

/** A short stale time, so a test of work slower than it stays short; the heartbeat comes every quarter of it. */
const STALE_MS = 2000

/** Another process holding the lock for `holdMs`; resolves once it holds it, with the moment it says it lets go. */
async function holderProcess(holdMs: number): Promise<{ child: ChildProcess; releasing: Promise<number> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests/server/fixtures/hold-lock.ts'), lockFile, String(STALE_MS), String(holdMs)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  let out = ''
  let releasedAt: (at: number) => void = () => undefined
  const releasing = new Promise<number>((resolve) => (releasedAt = resolve))
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('held')) resolve()
      if (out.includes('releasing')) releasedAt(Date.now())
    })
    child.on('exit', (code) => reject(new Error(`the holder exited (${code}) before it held the lock`)))
  })
  return { child, releasing }
}

describe('the publish lock (publish/folder-lock.ts)', () => {
  it('is kept by a holder whose work takes three times the stale time: the second process gets in only once it let go', async () => {
    const holder = await holderProcess(3 * STALE_MS)
    const tried = Date.now()
    const gotIn = await withLockFile(lockFile, async () => Date.now(), { staleMs: STALE_MS, waitMs: 20_000 })
    const releasedAt = await holder.releasing
    console.log(`second process waited ${gotIn - tried} ms; the holder let go ${releasedAt - tried} ms after it began waiting`)
    // Its words reach this process a moment after it said them: 500 ms of slack, where a lock taken
    // at the stale time would be four seconds early.
    expect(gotIn).toBeGreaterThan(releasedAt - 500)
  }, 30_000)

  it('is taken over from a process killed while holding it, once the stale time has passed', async () => {
    const holder = await holderProcess(60_000)
    holder.child.kill('SIGKILL')
    await new Promise((resolve) => holder.child.once('exit', resolve))
    const gotIn = await withLockFile(lockFile, async () => 'got in', { staleMs: STALE_MS, waitMs: 20_000 })
    expect(gotIn).toBe('got in')
  }, 30_000)

  it('lets one at a time in when several find an abandoned lock at the same moment', async () => {
    let inside = 0
    let mostInside = 0
    let done = 0
    // Many rounds: two waiters breaking the lock at once is a race, which a single round may not meet.
    for (let round = 0; round < 30; round += 1) {
      await writeFile(lockFile, 'a process that died\n')
      const longAgo = new Date(Date.now() - 60_000)
      await utimes(lockFile, longAgo, longAgo)
      await Promise.all(
        Array.from({ length: 6 }, async (_, waiter) => {
          // Each a little later than the one before, so one's check falls between another's steps.
          await sleep(waiter % 3)
          return withLockFile(
            lockFile,
            async () => {
              inside += 1
              mostInside = Math.max(mostInside, inside)
              await sleep(2)
              inside -= 1
              done += 1
            },
            { staleMs: STALE_MS, waitMs: 20_000 },
          )
        }),
      )
    }
    expect({ done, mostInside }).toEqual({ done: 180, mostInside: 1 })
  }, 60_000)

  it('tells the work when its lock file was replaced by another one, and leaves the other in place', async () => {
    const outcome = await withLockFile(
      lockFile,
      async (lock) => {
        await lock.assertHeld()
        await rename(lockFile, `${lockFile}.moved`)
        await writeFile(lockFile, 'another process\n')
        return lock.assertHeld().then(
          () => 'still held',
          (error: unknown) => error,
        )
      },
      { staleMs: STALE_MS, waitMs: 1000 },
    )
    expect(outcome).toBeInstanceOf(LockLost)
    expect(await readFile(lockFile, 'utf8')).toBe('another process\n')
  })
})
