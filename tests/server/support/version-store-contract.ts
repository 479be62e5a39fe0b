import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, expect, it } from 'vitest'
import { MAX_PICTURE_BYTES, PictureRefused, PublishConflict, type ChangeSummary, type VersionStore } from '../../../publish/version-store.ts'

export interface StoreOptions {
  keep: number
  now?: () => number
}

const NO_CHANGE: ChangeSummary = { routes: { added: [], removed: [], changed: [] }, site: [] }
/** A config text a formatter would never write: what goes in must come out, byte for byte. */
const ODD_TEXT = '{\r\n  "site": { "name": "Ünïcode — “quoted” 🌍" },\t\n  "routes": []\n}\n\n  '

/** Names that are a path somewhere else, or hide from a listing: each must be refused before it is a file or a key. */
export const HOSTILE_PICTURE_PATHS: unknown[] = [
  '../escape.png',
  'images/../../etc/passwd',
  'images/a/../../b.png',
  '/images/a.png',
  '/etc/passwd',
  'images\\a.png',
  'C:\\images\\a.png',
  'images/a\0.png',
  'images/.hidden.png',
  'images/..',
  'images/',
  'images//a.png',
  'images',
  'pictures/a.png',
  'images/%2e%2e/a.png',
  'images/ａ.png',
  'images/a.png\n',
  'images/a b.png',
  `images/${'a'.repeat(300)}.png`,
  '',
  42,
]

/**
 * The VersionStore contract, run against each store: `open` gives a store on the same backing
 * (folder or Redis) each time it is called, as two instances of the server would have.
 */
export function versionStoreContract(open: (options: StoreOptions) => VersionStore) {
  const opened: VersionStore[] = []
  const store = (options: StoreOptions = { keep: 10 }) => {
    const made = open(options)
    opened.push(made)
    return made
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((made) => made.close()))
  })
  const publish = (target: VersionStore, base: string | null, configText = '{}', author = 'asha') => target.publish({ base, configText, author, summary: NO_CHANGE })

  it('starts empty, and the first version becomes current with its text exactly as given', async () => {
    const versions = store()
    expect(await versions.current()).toBeUndefined()
    expect(await versions.list()).toEqual([])
    const meta = await publish(versions, null, ODD_TEXT)
    expect(meta).toMatchObject({ author: 'asha', base: null, summary: NO_CHANGE })
    expect(await versions.current()).toEqual({ meta, configText: ODD_TEXT })
    expect(await versions.get(meta.id)).toEqual({ meta, configText: ODD_TEXT })
    expect(await versions.list()).toEqual([meta])
    expect(await versions.get('20000101T000000Z')).toBeUndefined()
    expect(await versions.get('../../current')).toBeUndefined()
  })

  it('refuses a publish on a base that is no longer current, saying which version is, and changes nothing', async () => {
    const versions = store()
    const first = await publish(versions, null)
    const second = await publish(versions, first.id, '{"second":true}', 'ben')
    const stale = publish(versions, first.id, '{"lost":true}', 'asha')
    await expect(stale).rejects.toBeInstanceOf(PublishConflict)
    await expect(stale).rejects.toMatchObject({ current: second })
    await expect(publish(versions, null)).rejects.toMatchObject({ current: second })
    expect((await versions.current())?.configText).toBe('{"second":true}')
    expect(await versions.list()).toEqual([second, first])
  })

  it('gives ids that sort in publishing order, even for several publishes in one second', async () => {
    const at = Date.UTC(2026, 10, 26, 10, 15, 0, 500)
    const versions = store({ keep: 10, now: () => at })
    let base: string | null = null
    const ids: string[] = []
    for (let n = 0; n < 4; n++) ids.push((base = (await publish(versions, base)).id))
    expect(ids).toEqual(['20261126T101500Z', '20261126T101501Z', '20261126T101502Z', '20261126T101503Z'])
    expect((await versions.list()).map((meta) => meta.id)).toEqual([...ids].reverse())
  })

  it('keeps the last N versions, newest first, and always the current one', async () => {
    const versions = store({ keep: 3 })
    let base: string | null = null
    const ids: string[] = []
    for (let n = 0; n < 5; n++) ids.push((base = (await publish(versions, base, `{"n":${n}}`)).id))
    expect((await versions.list()).map((meta) => meta.id)).toEqual(ids.slice(2).reverse())
    expect(await versions.get(ids[0]!)).toBeUndefined()
    expect(await versions.get(ids[1]!)).toBeUndefined()
    expect((await versions.current())?.configText).toBe('{"n":4}')
    const onlyOne = store({ keep: 1 })
    await publish(onlyOne, base)
    expect(await onlyOne.list()).toHaveLength(1)
    expect((await onlyOne.current())?.meta.base).toBe(base)
  })

  it('tells another instance of the store about a publish within 5 s', async () => {
    const publisher = store()
    const follower = store()
    const seen: string[] = []
    follower.onCurrentChange((id) => seen.push(id))
    await sleep(200)
    const startedAt = Date.now()
    const meta = await publish(publisher, null)
    while (!seen.includes(meta.id) && Date.now() - startedAt < 5000) await sleep(20)
    expect(seen).toEqual([meta.id])
    expect(Date.now() - startedAt).toBeLessThan(5000)
  })

  it('keeps pictures byte for byte, lists them with their size and digest, and removes them', async () => {
    const pictures = store()
    const other = store()
    const bytes = Uint8Array.from({ length: 70_000 }, (_, n) => (n * 7) % 256)
    const stored = await pictures.putPicture('images/partners/logo-1.png', bytes)
    expect(stored).toEqual({ path: 'images/partners/logo-1.png', bytes: 70_000, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect(Buffer.from((await other.readPicture('images/partners/logo-1.png'))!).equals(Buffer.from(bytes))).toBe(true)
    await other.putPicture('images/a.svg', new TextEncoder().encode('<svg/>'))
    expect(await pictures.listPictures()).toEqual([expect.objectContaining({ path: 'images/a.svg', bytes: 6 }), stored])
    await pictures.removePicture('images/partners/logo-1.png')
    expect(await other.readPicture('images/partners/logo-1.png')).toBeUndefined()
    expect((await other.listPictures()).map((picture) => picture.path)).toEqual(['images/a.svg'])
  })

  it('refuses every picture path that is not a plain path under images/, and any picture over 10 MB', async () => {
    const pictures = store()
    for (const hostile of HOSTILE_PICTURE_PATHS) {
      await expect(pictures.putPicture(hostile as string, new Uint8Array([1])), JSON.stringify(hostile)).rejects.toBeInstanceOf(PictureRefused)
      await expect(pictures.readPicture(hostile as string), JSON.stringify(hostile)).rejects.toBeInstanceOf(PictureRefused)
      await expect(pictures.removePicture(hostile as string), JSON.stringify(hostile)).rejects.toBeInstanceOf(PictureRefused)
    }
    await expect(pictures.putPicture('images/huge.png', new Uint8Array(MAX_PICTURE_BYTES + 1))).rejects.toThrow(/at most 10485760/)
    expect(await pictures.listPictures()).toEqual([])
  })
}
