import { spawn } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFolderVersionStore } from '../../publish/folder-version-store.ts'
import { root } from '../../scripts/lib/paths.ts'
import { createLogger } from '../../ground/log.ts'
import { HOSTILE_PICTURE_PATHS, versionStoreContract } from './support/version-store-contract.ts'

let parent: string
let dir: string
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'versions-folder-'))
  dir = join(parent, 'content')
})
afterEach(async () => {
  await rm(parent, { recursive: true, force: true })
})
const silent = createLogger({ level: 'silent' })

describe('the folder version store (CONTENT_DIR)', () => {
  versionStoreContract(({ keep, now }) => createFolderVersionStore({ dir, keep, log: silent, ...(now ? { now } : {}) }))

  it('writes no file outside its folder, whatever a picture is called', async () => {
    const store = createFolderVersionStore({ dir, keep: 5, log: silent })
    for (const hostile of HOSTILE_PICTURE_PATHS) await store.putPicture(hostile as string, new Uint8Array([1])).catch(() => undefined)
    await store.putPicture('images/fine.png', new Uint8Array([1]))
    expect(await readdir(parent)).toEqual(['content'])
    expect(await readdir(join(dir, 'pictures'), { recursive: true })).toEqual(['images', 'images/fine.png'])
    await store.close()
  })

  it('of four processes publishing on the same base at the same moment, exactly one wins', async () => {
    const store = createFolderVersionStore({ dir, keep: 10, log: silent })
    const base = (await store.publish({ base: null, configText: '{}', author: 'setup', summary: { routes: { added: [], removed: [], changed: [] }, site: [] } })).id
    const startAt = Date.now() + 4000
    const racers = ['a', 'b', 'c', 'd'].map(
      (author) =>
        new Promise<{ won?: string; conflict?: string }>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests/server/fixtures/publish-race.ts'), dir, base, String(startAt), author], {
            cwd: root,
            stdio: ['ignore', 'pipe', 'inherit'],
          })
          let out = ''
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
          child.on('error', reject)
          child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as { won?: string; conflict?: string }) : reject(new Error(`racer ${author} exited ${code}: ${out}`))))
        }),
    )
    const results = await Promise.all(racers)
    const winners = results.filter((result) => result.won)
    expect(winners).toHaveLength(1)
    // Each loser was told which version won.
    expect(results.filter((result) => result.conflict === winners[0]!.won)).toHaveLength(3)
    const current = await store.current()
    expect(current?.meta.id).toBe(winners[0]!.won)
    expect(current?.meta.base).toBe(base)
    expect((await store.list()).map((meta) => meta.id)).toEqual([winners[0]!.won, base])
    await store.close()
  }, 30_000)
})
