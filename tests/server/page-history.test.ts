import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createFolderVersionStore } from '../../publish/folder-version-store.ts'
import { NothingToRestore, PageNotFound } from '../../publish/page-restore.ts'
import { createPublisher, VersionNotFound } from '../../publish/publisher.ts'
import { runVersionsCommand } from '../../publish/version-commands.ts'
import { HISTORY_DEPTH, versionHistory } from '../../publish/version-history.ts'
import { PublishConflict, type VersionMeta, type VersionStore } from '../../publish/version-store.ts'
import { createLogger } from '../../ground/log.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import { folderPerTest } from './support/folder-per-test.ts'

const folder = folderPerTest('page-history-')

interface Page {
  path: string
  title: string
  heading: string
  aliases?: string[]
}

/** A small site of pages, each with a title and one block's heading: what the tests change. */
const site = (pages: Page[], phone = '+91 11111 11111') =>
  `${JSON.stringify(
    {
      site: { name: 'Eastbridge', phone },
      routes: pages.map(({ path, title, heading, aliases }) => ({ path, ...(aliases ? { aliases } : {}), title, description: 'A page.', blocks: [{ type: 'hero', heading }] })),
    },
    null,
    2,
  )}\n`
const HOME: Page = { path: '/', title: 'Home', heading: 'Security that never sleeps' }
const ABOUT: Page = { path: '/about', title: 'About us', heading: 'Who we are' }
const DEPLOYED = site([HOME, ABOUT])
const BUILT_AT = '2026-03-01T09:00:00.000Z'

function setUp(keep = 20) {
  const store: VersionStore = createFolderVersionStore({ dir: join(folder.path, 'content'), keep, log: createLogger({ level: 'silent' }) })
  const audits: Array<{ event: string; author: string; details: Record<string, string> }> = []
  const publisher = createPublisher<string>({
    store,
    // A rule a restored page can break where neither version did: no heading on two pages.
    check: async (text) => {
      const headings = (JSON.parse(text) as { routes: Array<{ blocks: Array<{ heading: string }> }> }).routes.map((route) => route.blocks[0]!.heading)
      return new Set(headings).size < headings.length ? ['/routes/1/blocks/0/heading: another page has this heading already'] : []
    },
    build: async (text, outDir) => {
      await mkdir(outDir, { recursive: true })
      await writeFile(join(outDir, builtSiteFiles.configText), text)
    },
    switchTo: async () => undefined,
    audit: (event, author, details) => void audits.push({ event, author, details }),
    log: createLogger({ level: 'silent' }),
    workDir: join(folder.path, 'work'),
    builtKept: 2,
    builtText: DEPLOYED,
  })
  folder.closeAfterTest(
    () => store.close(),
    () => publisher.close(),
  )
  const history = versionHistory({ store, builtText: DEPLOYED, builtAt: BUILT_AT })
  let base: string | null = null
  /** Publishes the site of these pages on top of the last one published here. */
  async function publish(pages: Page[], phone?: string): Promise<VersionMeta> {
    const outcome = await publisher.publish({ base, configText: site(pages, phone), author: 'asha' })
    if (outcome.status !== 'published') throw new Error(`refused: ${outcome.problems.join(' ')}`)
    base = outcome.meta.id
    return outcome.meta
  }
  const currentPages = async () =>
    (JSON.parse((await store.current())!.configText) as { routes: Array<{ path: string; title: string; blocks: Array<{ heading: string }> }> }).routes
  return { store, publisher, history, audits, publish, currentPages, base: () => base }
}

// Each publish writes a version durably and builds a (small) site: on a busy machine that takes a while.
describe('a page’s history', { timeout: 60_000 }, () => {
  it('lists the versions that changed the page, with its old and new words, back through its earlier address, then the page as deployed', async () => {
    const { history, publish } = setUp()
    const homeHeading = await publish([{ ...HOME, heading: 'Security for you, around the clock' }, ABOUT])
    const aboutTitle = await publish([
      { ...HOME, heading: 'Security for you, around the clock' },
      { ...ABOUT, title: 'About Eastbridge' },
    ])
    const moved = await publish([
      { ...HOME, heading: 'Security for you, around the clock' },
      { ...ABOUT, path: '/about-us', aliases: ['/about'], title: 'About Eastbridge' },
    ])
    const phone = await publish(
      [
        { ...HOME, heading: 'Security for you, around the clock' },
        { ...ABOUT, path: '/about-us', aliases: ['/about'], title: 'About Eastbridge' },
      ],
      '+91 22222 22222',
    )

    const home = await history.pageHistory('/')
    expect(home.current).toBe(phone.id)
    expect(home.entries.map((entry) => entry.version.id)).toEqual([homeHeading.id])
    expect(home.entries[0]!.change!.blocks[0]!.fields).toEqual([{ path: ['heading'], before: 'Security that never sleeps', after: 'Security for you, around the clock' }])
    expect(home.deployed).toEqual({ id: 'deployed', builtAt: BUILT_AT, page: '/' })

    const about = await history.pageHistory('/about-us')
    expect(about.entries.map((entry) => [entry.version.id, entry.change!.path, entry.change!.pathBefore])).toEqual([
      [moved.id, '/about-us', '/about'],
      [aboutTitle.id, '/about', undefined],
    ])
    expect(about.entries[1]!.change!.fields).toEqual([{ path: ['title'], before: 'About us', after: 'About Eastbridge' }])
    expect(about.deployed.page).toBe('/about')

    expect((await history.changes(phone.id))!.changes.site.map((part) => part.fields)).toEqual([[{ path: ['site', 'phone'], before: '+91 11111 11111', after: '+91 22222 22222' }]])
    expect(await history.changes('20000101T000000Z')).toBeUndefined()
    expect(await history.changes('deployed')).toBeUndefined()
  })

  it('starts a new page’s history at the version that added it: the site as deployed had no such page', async () => {
    const { history, publish } = setUp()
    const added = await publish([HOME, ABOUT, { path: '/cloud', title: 'Cloud', heading: 'Cloud security' }])
    const cloud = await history.pageHistory('/cloud')
    expect(cloud.entries.map((entry) => [entry.version.id, entry.change!.kind])).toEqual([[added.id, 'added']])
    expect(cloud.deployed.page).toBeNull()
  })

  it('still lists a version whose earlier one is no longer kept, by its stored summary, without words it cannot know', async () => {
    const { history, publish } = setUp(2)
    await publish([{ ...HOME, title: 'Home 1' }, ABOUT])
    const second = await publish([{ ...HOME, title: 'Home 2' }, ABOUT])
    const third = await publish([{ ...HOME, title: 'Home 3' }, ABOUT])
    const home = await history.pageHistory('/')
    expect(home.entries.map((entry) => [entry.version.id, entry.change === null])).toEqual([
      [third.id, false],
      [second.id, true],
    ])
  })

  it(`reads at most ${HISTORY_DEPTH} versions back, however many are kept`, async () => {
    const { history, store } = setUp()
    const reads: string[] = []
    const get = store.get.bind(store)
    store.get = async (id) => (reads.push(id), get(id))
    const summary = { routes: { added: [], removed: [], changed: [{ path: '/', what: ['title'] }] }, site: [] }
    const many = Array.from({ length: HISTORY_DEPTH + 10 }, (_, index): VersionMeta => ({
      id: `v${index}`,
      author: 'asha',
      publishedAt: BUILT_AT,
      base: index ? `v${index - 1}` : null,
      summary,
    }))
    store.list = async () => many
    await history.pageHistory('/')
    expect(new Set(reads).size).toBeLessThanOrEqual(HISTORY_DEPTH + 1)
  })
})

describe('Restore this page', { timeout: 60_000 }, () => {
  it('publishes the page as it was in that version on top of the current one, every other page as it is now, audited as a restore', async () => {
    const { publisher, publish, currentPages, audits, base, store } = setUp()
    const before = await publish([HOME, ABOUT])
    await publish([{ ...HOME, heading: 'A newer heading' }, ABOUT])
    await publish([
      { ...HOME, heading: 'A newer heading' },
      { ...ABOUT, title: 'About Eastbridge' },
    ])
    const outcome = await publisher.restorePage({ id: before.id, page: '/', base: base(), author: 'ben' })
    if (outcome.status !== 'published') throw new Error('refused')
    expect(outcome.meta).toMatchObject({ author: 'ben', restoredPage: { path: '/', from: before.id } })
    expect(outcome.meta.rollbackOf).toBeUndefined()
    const pages = await currentPages()
    expect(pages.map((page) => [page.path, page.title, page.blocks[0]!.heading])).toEqual([
      ['/', 'Home', 'Security that never sleeps'],
      ['/about', 'About Eastbridge', 'Who we are'],
    ])
    expect(audits.at(-1)).toMatchObject({ event: 'restore-page', author: 'ben', details: { version: outcome.meta.id, page: '/', restoredFrom: before.id } })

    // The operator's versions command says so too.
    const lines: string[] = []
    const io = { store, say: (line: string) => void lines.push(line), complain: (line: string) => void lines.push(line), write: () => undefined, operator: 'ops' }
    expect(await runVersionsCommand(['show', outcome.meta.id], io)).toBe(0)
    expect(await runVersionsCommand(['list'], io)).toBe(0)
    expect(lines).toContain(`puts back page / as it was in ${before.id}`)
    expect(lines.find((line) => line.startsWith(`* ${outcome.meta.id}`))).toMatch(new RegExp(`\\(page / restored from ${before.id}\\)$`))
  })

  it('restores from the site as deployed, and rolls the whole site back to it', async () => {
    const { publisher, publish, currentPages, store, base } = setUp()
    await publish([
      { ...HOME, title: 'Changed home' },
      { ...ABOUT, title: 'Changed about' },
    ])
    const restored = await publisher.restorePage({ id: 'deployed', page: '/about', base: base(), author: 'asha' })
    if (restored.status !== 'published') throw new Error('refused')
    expect((await currentPages()).map((page) => page.title)).toEqual(['Changed home', 'About us'])
    const rolledBack = await publisher.rollback('deployed', 'asha')
    if (rolledBack.status !== 'published') throw new Error('refused')
    expect(rolledBack.meta.rollbackOf).toBe('deployed')
    expect((await store.current())!.configText).toBe(DEPLOYED)
  })

  it('is refused with the checker’s problems when the result does not pass, and changes nothing', async () => {
    const { publisher, publish, store, base } = setUp()
    const then = await publish([HOME, ABOUT])
    const now = await publish([
      { ...HOME, heading: 'Another heading' },
      { ...ABOUT, heading: HOME.heading },
    ])
    const outcome = await publisher.restorePage({ id: then.id, page: '/', base: base(), author: 'asha' })
    expect(outcome).toEqual({ status: 'refused', problems: ['/routes/1/blocks/0/heading: another page has this heading already'] })
    expect((await store.current())!.meta.id).toBe(now.id)
  })

  it('answers the conflict when another version was published since the history was read, and refuses what it cannot do', async () => {
    const { publisher, publish, store } = setUp()
    const first = await publish([{ ...HOME, title: 'One' }, ABOUT])
    const second = await publish([{ ...HOME, title: 'Two' }, ABOUT])
    await expect(publisher.restorePage({ id: first.id, page: '/', base: first.id, author: 'asha' })).rejects.toMatchObject(new PublishConflict(first.id, second))
    await expect(publisher.restorePage({ id: '20000101T000000Z', page: '/', base: second.id, author: 'asha' })).rejects.toBeInstanceOf(VersionNotFound)
    await expect(publisher.restorePage({ id: first.id, page: '/nowhere', base: second.id, author: 'asha' })).rejects.toBeInstanceOf(PageNotFound)
    await expect(publisher.restorePage({ id: second.id, page: '/', base: second.id, author: 'asha' })).rejects.toBeInstanceOf(NothingToRestore)
    expect((await store.current())!.meta.id).toBe(second.id)
  })
})
