import { cp, mkdir, open, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DiskFull } from '../../publish/disk-full.ts'
import { createFolderVersionStore } from '../../publish/folder-version-store.ts'
import { createPublisher, VersionNotFound } from '../../publish/publisher.ts'
import { PublishConflict, type VersionMeta, type VersionStore } from '../../publish/version-store.ts'
import { isOutOfSpace } from '../../ground/durable-files.ts'
import { createLogger } from '../../ground/log.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import { fileFaults } from './support/file-faults.ts'
import { folderPerTest } from './support/folder-per-test.ts'
import { cleanUpAfterEachTest } from './support/forms-test-app.ts'
import { mountTmpfs, simulatedDisk } from './support/small-disk.ts'

// A small disk to fill: a real tmpfs where this process may mount one, else simulated through this mock.
vi.mock('node:fs/promises', async (importOriginal) => (await import('./support/file-faults.ts')).withFaults(await importOriginal()))
cleanUpAfterEachTest()

// Registered first so that it runs last, after the folder's own clean-up (vitest runs after-hooks in reverse).
afterEach(() => fileFaults.reset())
const folder = folderPerTest('publisher-')

/** Writes through a file handle, as the server's durable writes do, so a simulated small disk sees every byte. */
async function writeFile(path: string, data: string | Uint8Array): Promise<void> {
  const handle = await open(path, 'w')
  try {
    await handle.writeFile(data)
  } finally {
    await handle.close()
  }
}

/** A small site: one page whose title is the one thing the tests change. */
const config = (title: string, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ site: { name: 'Eastbridge' }, routes: [{ path: '/', title, description: 'Home.', blocks: [{ type: 'hero', heading: title }] }], ...extra }, null, 2)}\n`

function openStore(keep = 10, contentDir = join(folder.path, 'content')): VersionStore {
  const store = createFolderVersionStore({ dir: contentDir, keep, log: createLogger({ level: 'silent' }) })
  folder.closeAfterTest(() => store.close())
  return store
}

/** One instance: its own work folder, a build that writes the page and the config it was given, a record of what it served and audited. */
function instance(name: string, store: VersionStore, { buildMs = 0, builtKept = 5, workDir = join(folder.path, name), afterBuild = async () => {} } = {}) {
  const served: Array<{ dir: string; meta: VersionMeta }> = []
  const audits: Array<{ event: string; author: string; details: Record<string, string> }> = []
  const builds = { count: 0, running: 0, mostAtOnce: 0, reused: [] as string[], onto: [] as Array<string | undefined> }
  const publisher = createPublisher<string>({
    store,
    check: async (text) => (text.includes('broken') ? ['/routes/0/title: the title is broken'] : []),
    build: async (text, outDir, sameSiteIn, onto) => {
      builds.onto.push(onto)
      if (sameSiteIn) {
        builds.reused.push(sameSiteIn)
        return cp(sameSiteIn, outDir, { recursive: true })
      }
      builds.count += 1
      builds.running += 1
      builds.mostAtOnce = Math.max(builds.mostAtOnce, builds.running)
      try {
        await sleep(buildMs)
        await mkdir(outDir, { recursive: true })
        await writeFile(join(outDir, 'site.config.json'), text)
        await writeFile(join(outDir, builtSiteFiles.configText), text)
        await writeFile(join(outDir, 'index.html'), `<title>${(JSON.parse(text) as { routes: Array<{ title: string }> }).routes[0]!.title}</title>`)
        await afterBuild()
      } finally {
        builds.running -= 1
      }
    },
    switchTo: async (builtDir, meta) => void served.push({ dir: builtDir, meta }),
    audit: (event, author, details) => void audits.push({ event, author, details }),
    log: createLogger({ level: 'silent' }),
    workDir,
    builtKept,
  })
  folder.closeAfterTest(() => publisher.close())
  const builtNames = async () => (await readdir(join(workDir, 'built')).catch(() => [] as string[])).sort()
  const servedPage = async () => readFile(join(served.at(-1)!.dir, 'index.html'), 'utf8')
  return { publisher, served, audits, builds, builtNames, servedPage }
}

const published = (outcome: { status: string; meta?: VersionMeta }): VersionMeta => {
  if (outcome.status !== 'published' || !outcome.meta) throw new Error(`not published: ${JSON.stringify(outcome)}`)
  return outcome.meta
}

/** Publishes a page with each title in turn, each on top of the last, as asha. */
async function publishInTurn<Titles extends string[]>(publisher: ReturnType<typeof instance>['publisher'], ...titles: Titles): Promise<{ [Title in keyof Titles]: VersionMeta }> {
  const metas: VersionMeta[] = []
  for (const title of titles) metas.push(published(await publisher.publish({ base: metas.at(-1)?.id ?? null, configText: config(title), author: 'asha' })))
  return metas as { [Title in keyof Titles]: VersionMeta }
}

describe('the publisher (unit tests of the orchestration: a real folder store, small real check/build/switch functions)', () => {
  it('refuses a config with problems: nothing is built, stored, served or audited', async () => {
    const store = openStore()
    const a = instance('a', store)
    const outcome = await a.publisher.publish({ base: null, configText: config('broken title'), author: 'asha' })
    expect(outcome).toEqual({ status: 'refused', problems: ['/routes/0/title: the title is broken'] })
    expect(await store.current()).toBeUndefined()
    expect(a.builds.count).toBe(0)
    expect(await a.builtNames()).toEqual([])
    expect(a.served).toEqual([])
    expect(a.audits).toEqual([])
  })

  it('publishes: builds the version, stores it, serves it and audits who and what, never the text', async () => {
    const store = openStore()
    const a = instance('a', store)
    const first = await a.publisher.publish({ base: null, configText: config('Welcome'), author: 'asha' })
    if (first.status !== 'published') throw new Error('refused')
    const second = await a.publisher.publish({ base: first.meta.id, configText: config('Welcome home'), author: 'ben' })
    if (second.status !== 'published') throw new Error('refused')
    expect(await a.servedPage()).toBe('<title>Welcome home</title>')
    expect(a.served.map((entry) => entry.meta.id)).toEqual([first.meta.id, second.meta.id])
    expect(a.publisher.serving()).toBe(second.meta.id)
    expect((await store.current())?.configText).toBe(config('Welcome home'))
    expect(second.meta.summary.routes.changed).toEqual([{ path: '/', what: ['title', 'blocks changed: 1. hero'] }])
    expect(a.audits.at(-1)).toEqual({ event: 'publish', author: 'ben', details: { version: second.meta.id, base: first.meta.id, change: '/: title, blocks changed: 1. hero' } })
    expect(JSON.stringify(a.audits)).not.toContain('Eastbridge')
    expect(await a.builtNames()).toEqual([first.meta.id, second.meta.id])
  })

  it('a publish on a base someone else replaced fails with the conflict and leaves no trace', async () => {
    const store = openStore()
    const a = instance('a', store)
    const b = instance('b', store)
    const base = await a.publisher.publish({ base: null, configText: config('Welcome'), author: 'asha' })
    if (base.status !== 'published') throw new Error('refused')
    const winner = await a.publisher.publish({ base: base.meta.id, configText: config('From Asha'), author: 'asha' })
    if (winner.status !== 'published') throw new Error('refused')
    const late = b.publisher.publish({ base: base.meta.id, configText: config('From Ben'), author: 'ben' })
    await expect(late).rejects.toBeInstanceOf(PublishConflict)
    await expect(late).rejects.toMatchObject({ current: { id: winner.meta.id, author: 'asha' } })
    expect(await b.builtNames()).toEqual([])
    expect(b.served).toEqual([])
    expect(b.audits).toEqual([])
    expect((await store.current())?.configText).toBe(config('From Asha'))
  })

  it('rolls back by publishing the old text again on top of the current version', async () => {
    const store = openStore()
    const a = instance('a', store)
    const one = await a.publisher.publish({ base: null, configText: config('One'), author: 'asha' })
    if (one.status !== 'published') throw new Error('refused')
    const two = await a.publisher.publish({ base: one.meta.id, configText: config('Two', { footer: {} }), author: 'asha' })
    if (two.status !== 'published') throw new Error('refused')
    const back = await a.publisher.rollback(one.meta.id, 'ben')
    if (back.status !== 'published') throw new Error('refused')
    expect(back.meta).toMatchObject({ base: two.meta.id, rollbackOf: one.meta.id, author: 'ben' })
    expect(back.meta.summary).toEqual({ routes: { added: [], removed: [], changed: [{ path: '/', what: ['title', 'blocks changed: 1. hero'] }] }, site: ['footer'] })
    expect((await store.current())?.configText).toBe(config('One'))
    expect(await a.servedPage()).toBe('<title>One</title>')
    expect(a.audits.at(-1)).toMatchObject({ event: 'rollback', author: 'ben', details: { version: back.meta.id, rollbackOf: one.meta.id } })
    expect((await store.list()).map((meta) => meta.id)).toEqual([back.meta.id, two.meta.id, one.meta.id])
    await expect(a.publisher.rollback('20000101T000000Z', 'ben')).rejects.toBeInstanceOf(VersionNotFound)
  })

  it('serves a rollback from the folder this instance built of that version, without building it again; an instance that never built it builds', async () => {
    const store = openStore()
    const a = instance('a', store)
    const b = instance('b', openStore())
    await b.publisher.follow()
    const [one] = await publishInTurn(a.publisher, 'One', 'Two')
    const c = instance('c', openStore()) // starts on the second version: never builds the first
    await c.publisher.follow()
    const back = await a.publisher.rollback(one.id, 'ben')
    if (back.status !== 'published') throw new Error('refused')
    const startedAt = Date.now()
    while ([b, c].some((other) => other.publisher.serving() !== back.meta.id) && Date.now() - startedAt < 5000) await sleep(20)
    for (const each of [a, b, c]) expect(await each.servedPage()).toBe('<title>One</title>')
    expect(a.builds).toMatchObject({ count: 2, reused: [join(folder.path, 'a', 'built', one.id)] })
    expect(b.builds).toMatchObject({ count: 2, reused: [join(folder.path, 'b', 'built', one.id)] })
    expect(c.builds).toMatchObject({ count: 2, reused: [] })
  })

  it('builds each version onto the one served here (whose unchanged pages it may keep): none before the first publish, and none once that folder is gone', async () => {
    const store = openStore()
    const a = instance('a', store)
    const b = instance('b', openStore())
    await b.publisher.follow()
    const [one, two] = await publishInTurn(a.publisher, 'One', 'Two')
    const startedAt = Date.now()
    while (b.publisher.serving() !== two.id && Date.now() - startedAt < 5000) await sleep(20)
    await rm(join(folder.path, 'a', 'built', two.id), { recursive: true })
    const three = await a.publisher.publish({ base: two.id, configText: config('Three'), author: 'asha' })
    if (three.status !== 'published') throw new Error('refused')
    expect(a.builds.onto).toEqual([undefined, join(folder.path, 'a', 'built', one.id), undefined])
    // An instance following the store builds onto what it serves too.
    expect(b.builds.onto.slice(0, 2)).toEqual([undefined, join(folder.path, 'b', 'built', one.id)])
  })

  it('follows: an instance starting later builds and serves the current version; a publish elsewhere reaches it within 5 s', async () => {
    const store = openStore()
    const a = instance('a', store)
    const first = await a.publisher.publish({ base: null, configText: config('First'), author: 'asha' })
    if (first.status !== 'published') throw new Error('refused')

    const b = instance('b', openStore())
    await b.publisher.follow()
    expect(b.publisher.serving()).toBe(first.meta.id)
    expect(await b.servedPage()).toBe('<title>First</title>')

    const second = await a.publisher.publish({ base: first.meta.id, configText: config('Second'), author: 'asha' })
    if (second.status !== 'published') throw new Error('refused')
    const startedAt = Date.now()
    while (b.publisher.serving() !== second.meta.id && Date.now() - startedAt < 5000) await sleep(20)
    expect(b.publisher.serving()).toBe(second.meta.id)
    expect(await b.servedPage()).toBe('<title>Second</title>')
    expect(await readFile(join(folder.path, 'b', 'built', second.meta.id, 'site.config.json'), 'utf8')).toBe(config('Second'))
  })

  it('builds one version at a time, skips versions superseded while it built, and keeps only the kept versions built (and the one served just before)', async () => {
    const store = openStore(2)
    const a = instance('a', store)
    const b = instance('b', openStore(2), { buildMs: 300 })
    await b.publisher.follow()
    let base: string | null = null
    const ids: string[] = []
    for (const title of ['One', 'Two', 'Three', 'Four']) {
      const outcome = await a.publisher.publish({ base, configText: config(title), author: 'asha' })
      if (outcome.status !== 'published') throw new Error('refused')
      ids.push((base = outcome.meta.id))
      await sleep(60)
    }
    const startedAt = Date.now()
    while (b.publisher.serving() !== ids.at(-1) && Date.now() - startedAt < 5000) await sleep(20)
    expect(await b.servedPage()).toBe('<title>Four</title>')
    expect(b.builds.mostAtOnce).toBe(1)
    expect(b.builds.count).toBeLessThan(4)
    expect(b.served.map((entry) => entry.meta.id)).toEqual([...b.served.map((entry) => entry.meta.id)].sort())
    expect(await a.builtNames()).toEqual(ids.slice(-2))
    // Besides the kept versions, only the one served before the last switch (requests begun on it may still read it).
    const servedBefore = b.served.at(-2)!.meta.id
    const bBuilt = await b.builtNames()
    expect(bBuilt).toEqual(expect.arrayContaining([servedBefore, ids.at(-1)]))
    expect(bBuilt.every((name) => name === servedBefore || ids.slice(-2).includes(name))).toBe(true)
  })
})

const MB = 1024 * 1024

/** Fills the disk holding `where` to its last block; returns what frees the space again. */
async function fillDisk(where: string): Promise<() => Promise<void>> {
  const filler = join(where, 'filler')
  await mkdir(filler, { recursive: true })
  let index = 0
  for (const size of [256 * 1024, 4096, 1]) {
    for (;;) {
      try {
        await writeFile(join(filler, String((index += 1))), new Uint8Array(size))
      } catch (error) {
        if (isOutOfSpace(error)) break
        throw error
      }
    }
  }
  return () => rm(filler, { recursive: true, force: true })
}

describe('what publishing leaves on disk', () => {
  it('refuses a publish and a rollback on a full disk in words for the editor (507), changing nothing; publishes once there is space again', async () => {
    const disk = (await mountTmpfs(2 * MB)) ?? (await simulatedDisk(2 * MB))
    const contentDir = join(disk.dir, 'content')
    const store = openStore(10, contentDir)
    let fillWhileBuilding = false
    let removeFiller = async () => {}
    const freeSpace = async () => {
      await removeFiller()
      // A simulated disk counts what is used at most every 200 ms.
      while ((await disk.freeBytes()) < MB) await sleep(50)
    }
    const a = instance('a', store, {
      workDir: join(disk.dir, 'a'),
      afterBuild: async () => {
        if (fillWhileBuilding) removeFiller = await fillDisk(disk.dir)
      },
    })
    const [one, two] = await publishInTurn(a.publisher, 'One', 'Two')
    const state = async () => ({
      current: (await store.current())?.meta.id,
      versions: (await store.list()).map((meta) => meta.id),
      contentFiles: (await readdir(contentDir, { recursive: true })).sort(),
      built: await a.builtNames(),
      served: a.served.length,
      page: await a.servedPage(),
      audits: a.audits.length,
    })
    const before = await state()
    expect(before).toMatchObject({ current: two.id, versions: [two.id, one.id], built: [one.id, two.id], page: '<title>Two</title>' })
    const notPublished = { status: 507, message: "Not published: the server's disk is full. Nothing was changed; ask whoever runs the server to free space, then publish again." }

    // The disk is full before the build starts.
    removeFiller = await fillDisk(disk.dir)
    await expect(a.publisher.publish({ base: two.id, configText: config('Three'), author: 'asha' })).rejects.toMatchObject(notPublished)
    await expect(a.publisher.rollback(one.id, 'ben')).rejects.toMatchObject({
      status: 507,
      message: "Not rolled back: the server's disk is full. Nothing was changed; ask whoever runs the server to free space, then roll back again.",
    })
    expect(await state()).toEqual(before)
    await freeSpace()

    // The disk fills up while the version is built: the store cannot write it.
    fillWhileBuilding = true
    const refused = a.publisher.publish({ base: two.id, configText: config('Three'), author: 'asha' })
    await expect(refused).rejects.toBeInstanceOf(DiskFull)
    await expect(refused).rejects.toMatchObject(notPublished)
    expect(await state()).toEqual(before)
    fillWhileBuilding = false
    await freeSpace()

    const three = published(await a.publisher.publish({ base: two.id, configText: config('Three'), author: 'asha' }))
    expect(await a.servedPage()).toBe('<title>Three</title>')
    expect((await store.current())?.meta.id).toBe(three.id)
  })

  it('keeps EDITOR_BUILT_KEPT built versions besides the served ones, every version as text; a rollback to one no longer built builds it again', async () => {
    const store = openStore(50)
    const a = instance('a', store, { builtKept: 2 })
    const ids = (await publishInTurn(a.publisher, 'One', 'Two', 'Three', 'Four', 'Five', 'Six')).map((meta) => meta.id)
    // Six served, Five served just before, and the two newest others.
    expect(await a.builtNames()).toEqual(ids.slice(2))
    expect((await store.list()).map((meta) => meta.id)).toEqual([...ids].reverse())
    expect(a.builds.count).toBe(6)

    const backToOne = published(await a.publisher.rollback(ids[0]!, 'ben'))
    expect(await a.servedPage()).toBe('<title>One</title>')
    expect(a.builds).toMatchObject({ count: 7, reused: [] })

    const backToFour = published(await a.publisher.rollback(ids[3]!, 'ben'))
    expect(await a.servedPage()).toBe('<title>Four</title>')
    expect(a.builds).toMatchObject({ count: 7, reused: [join(folder.path, 'a', 'built', ids[3]!)] })
    expect(await a.builtNames()).toEqual([ids[4], ids[5], backToOne.id, backToFour.id])
  })

  it('removes build folders left unfinished: those a stopped server left, at start; its own, after a build that failed', async () => {
    const store = openStore()
    const leftOver = join(folder.path, 'a', 'built', '.build-left-by-a-killed-server')
    await mkdir(leftOver, { recursive: true })
    await writeFile(join(leftOver, 'index.html'), '<title>Half')
    let failing = false
    const a = instance('a', store, {
      afterBuild: async () => {
        if (failing) throw new Error('the content build stopped')
      },
    })
    await a.publisher.follow()
    expect(await a.builtNames()).toEqual([])

    failing = true
    await expect(a.publisher.publish({ base: null, configText: config('One'), author: 'asha' })).rejects.toThrow('the content build stopped')
    expect(await a.builtNames()).toEqual([])
    expect(await store.current()).toBeUndefined()
    failing = false
    const one = published(await a.publisher.publish({ base: null, configText: config('One'), author: 'asha' }))
    expect(await a.builtNames()).toEqual([one.id])
  })
})
