import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFolderVersionStore } from '../../publish/folder-version-store.ts'
import { mirrorPictures } from '../../publish/picture-mirror.ts'
import { createLogger } from '../../ground/log.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'picture-mirror-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe("an instance's picture folder, brought in line with the store", () => {
  it('copies what it lacks or holds other bytes of, removes what the store no longer has, and reads nothing unchanged again', async () => {
    const store = createFolderVersionStore({ dir: join(dir, 'content'), keep: 5, log: createLogger({ level: 'silent' }) })
    const local = join(dir, 'instance-pictures')
    await store.putPicture('images/partners/new.png', new Uint8Array([1, 2, 3]))
    await store.putPicture('images/changed.svg', new TextEncoder().encode('<svg>new</svg>'))
    await store.putPicture('images/same.webp', new Uint8Array([9]))
    await mkdir(join(local, 'images', 'old'), { recursive: true })
    await writeFile(join(local, 'images', 'changed.svg'), '<svg>old</svg>')
    await writeFile(join(local, 'images', 'same.webp'), new Uint8Array([9]))
    await writeFile(join(local, 'images', 'old', 'gone.png'), new Uint8Array([7]))

    expect(await mirrorPictures(store, local)).toEqual({ written: ['images/changed.svg', 'images/partners/new.png'], removed: ['images/old/gone.png'] })
    expect(await readFile(join(local, 'images', 'changed.svg'), 'utf8')).toBe('<svg>new</svg>')
    expect([...(await readFile(join(local, 'images', 'partners', 'new.png')))]).toEqual([1, 2, 3])
    expect((await readdir(join(local, 'images', 'old'))).length).toBe(0)

    let reads = 0
    const counting = { listPictures: () => store.listPictures(), readPicture: (path: string) => (reads++, store.readPicture(path)) }
    expect(await mirrorPictures(counting, local)).toEqual({ written: [], removed: [] })
    expect(reads).toBe(0)
    await store.removePicture('images/same.webp')
    expect(await mirrorPictures(counting, local)).toEqual({ written: [], removed: ['images/same.webp'] })
    await store.close()
  })
})
