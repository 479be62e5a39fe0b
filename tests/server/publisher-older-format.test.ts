import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { checkConfigText } from '../../authoring/check/index.ts'
import { configOfText, summarizeChange } from '../../publish/change-summary.ts'
import { createFolderVersionStore } from '../../publish/folder-version-store.ts'
import { migrateInThread } from '../../editor/server/checker-thread.ts'
import { createPublisher } from '../../publish/publisher.ts'
import { versionHistory } from '../../publish/version-history.ts'
import type { VersionMeta } from '../../publish/version-store.ts'
import { createLogger } from '../../ground/log.ts'
import { root } from '../../scripts/lib/paths.ts'
import { folderPerTest } from './support/folder-per-test.ts'

/**
 * A version stored in CONTENT_DIR before a config format change still checks and builds: the
 * publisher reads it as today's format in memory (the real checker, which refuses an older
 * format, and a small build that keeps the text it was given), warns once naming the version and
 * `npm run migrate`, and stores today's text only when something is published.
 */
const folder = folderPerTest('publisher-older-format-')
const formats = join(root, 'tests', 'fixtures', 'formats')
const formatOne = readFileSync(join(formats, 'eastbridge-format-1.json'), 'utf8')
const twin = JSON.parse(readFileSync(join(formats, 'eastbridge-migrated-by-hand.json'), 'utf8')) as Record<string, unknown>
const publicDir = join(root, 'public')

function instance(name: string) {
  const store = createFolderVersionStore({ dir: join(folder.path, 'content'), keep: 10, log: createLogger({ level: 'silent' }) })
  const logged: Array<{ level: string; msg: string; version?: string }> = []
  const destination = new Writable({
    write(line: Buffer, _encoding, done) {
      logged.push(JSON.parse(line.toString()))
      done()
    },
  })
  const built: string[] = []
  /** Texts handed to the checker's thread to be read as today's format, as the server does it: off the event loop. */
  const migrated: string[] = []
  const publisher = createPublisher<string>({
    store,
    check: async (text) => checkConfigText(text, 'site.config.json', { publicDir }).problems.map((problem) => problem.code),
    build: async (text, outDir) => {
      built.push(text)
      await mkdir(outDir, { recursive: true })
      await writeFile(join(outDir, 'site.config.json'), text)
    },
    switchTo: async () => undefined,
    audit: () => undefined,
    log: createLogger({ level: 'info', destination }),
    workDir: join(folder.path, name),
    builtKept: 5,
    migrate: (text, label) => {
      migrated.push(label)
      return migrateInThread(text, label)
    },
  })
  folder.closeAfterTest(
    () => store.close(),
    () => publisher.close(),
  )
  const warnings = () => logged.filter((line) => line.level === 'warn')
  return { store, publisher, built, warnings, migrated }
}

/** A version as an earlier server stored it: the text as it was then, published straight into the store. */
async function storedBefore(store: ReturnType<typeof instance>['store'], configText: string, base: string | null = null): Promise<VersionMeta> {
  return store.publish({ base, configText, author: 'asha', summary: summarizeChange(undefined, configOfText(configText)!) })
}

const published = (outcome: { status: string; meta?: VersionMeta }) => {
  if (outcome.status !== 'published' || !outcome.meta) throw new Error(`not published: ${JSON.stringify(outcome)}`)
  return outcome.meta
}

describe('publishing a version stored in an older config format', () => {
  // The checker on the whole shipped site, several times: a generous bound for a busy machine, no timing asserted.
  it('serves the current version of format 1 at start-up, built as today’s, with one warning, and stores nothing', { timeout: 60_000 }, async () => {
    const a = instance('a')
    const old = await storedBefore(a.store, formatOne)
    expect(checkConfigText(formatOne, 'site.config.json', { publicDir }).problems.map((problem) => problem.code)).toEqual(['older-format'])

    await a.publisher.follow()
    expect(a.publisher.serving()).toBe(old.id)
    expect(a.built).toHaveLength(1)
    expect(JSON.parse(a.built[0]!)).toEqual(twin)
    expect(a.warnings()).toEqual([expect.objectContaining({ version: old.id, msg: expect.stringMatching(new RegExp(`^version ${old.id} is config format 1: .*npm run migrate`)) })])
    // The store keeps the version as it was written: nothing was published.
    expect((await a.store.list()).map((meta) => meta.id)).toEqual([old.id])
    expect((await a.store.current())?.configText).toBe(formatOne)

    // The editor edits it as today's, and its publish stores today's text.
    const editorText = await a.publisher.textInTodaysFormat(formatOne, old.id)
    expect(JSON.parse(editorText)).toEqual(twin)
    // Migrated once, in the checker's thread, however often it is read since.
    expect(a.migrated.filter((label) => label === `version ${old.id}`)).toHaveLength(1)
    const next = published(await a.publisher.publish({ base: old.id, configText: editorText.replace('"Eastbridge Cyber Systems"', '"Eastbridge Systems"'), author: 'ben' }))
    expect(JSON.parse((await a.store.current())!.configText)).toMatchObject({ format: 4, footer: { columns: expect.any(Array) } })
    // What the publish changed is the editor's edit, not the format's.
    expect(next.summary.site).toEqual(['site'])
    expect(a.warnings()).toHaveLength(1)
    // The Versions screen reads the version before as today's too: it shows the name's change alone.
    const history = versionHistory({ store: a.store, builtText: formatOne, builtAt: new Date(0).toISOString(), inTodaysFormat: a.publisher.textInTodaysFormat })
    const { changes } = (await history.changes(next.id))!
    expect(changes.pages).toEqual([])
    expect(changes.site.map((part) => part.path)).toEqual([['site']])
    expect(changes.site[0]!.fields.map((field) => field.path)).toEqual([['site', 'name']])
  })

  it('rolls back to a version of format 1 by publishing its text in today’s format, checked and built', { timeout: 60_000 }, async () => {
    const a = instance('a')
    const old = await storedBefore(a.store, formatOne)
    const today = `${JSON.stringify({ ...twin, routes: (twin.routes as Array<Record<string, unknown>>).map((route) => ({ ...route, title: `${String(route.title)}, today` })) }, null, 2)}\n`
    const now = published(await a.publisher.publish({ base: old.id, configText: today, author: 'ben' }))

    const rollback = published(await a.publisher.rollback(old.id, 'asha'))
    expect(rollback).toMatchObject({ rollbackOf: old.id, base: now.id })
    const stored = (await a.store.current())!.configText
    expect(JSON.parse(stored)).toEqual(twin)
    expect(checkConfigText(stored, 'site.config.json', { publicDir }).problems).toEqual([])
    expect(JSON.parse(a.built.at(-1)!)).toEqual(twin)
    expect(a.warnings().map((line) => line.version)).toEqual([old.id])
    // The version rolled back to stays as it was stored.
    expect((await a.store.get(old.id))!.configText).toBe(formatOne)
  })

  it('restores a page from a version of format 1 (the home page, whose slides’ backgrounds were renamed since) onto today’s site', { timeout: 60_000 }, async () => {
    const a = instance('a')
    const old = await storedBefore(a.store, formatOne)
    const routes = (twin.routes as Array<Record<string, unknown>>).map((route) =>
      route.path === '/' ? { ...route, title: 'Home, edited today', blocks: (route.blocks as Array<{ type: string }>).filter((block) => block.type !== 'heroCarousel') } : route,
    )
    const now = published(await a.publisher.publish({ base: old.id, configText: `${JSON.stringify({ ...twin, routes }, null, 2)}\n`, author: 'ben' }))

    published(await a.publisher.restorePage({ id: old.id, base: now.id, author: 'asha', page: '/' }))
    const current = (await a.store.current())!
    expect(JSON.parse(current.configText)).toEqual(twin)
    expect(await readFile(join(folder.path, 'a', 'built', current.meta.id, 'site.config.json'), 'utf8')).toBe(current.configText)
  })
})
