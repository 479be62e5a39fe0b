// @vitest-environment node
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ContentBuildProgress } from '../../content/build-content.ts'
import { filesUnder } from '../../content/code-build-files.ts'
import { contentBuildProcess, type ContentBuilder } from '../../publish/content-build-process.ts'
import { root } from '../../scripts/lib/paths.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'

/**
 * A publish builds onto the version served and renders only the pages that changed
 * (content/page-keys.ts); what it writes must be, file for file and byte for byte (the .br and .gz
 * copies too), what a whole content build of the same config writes. Random series of edits as
 * editors make them, each built onto the last by the long-lived process publishing keeps, compared
 * with a whole build of the same text by a second such process, and at the end of each series by
 * the content build command in a fresh process. CONTENT_BUILD_RUNS (3 by default) series of up to
 * three edits, stopped after CONTENT_BUILD_SECONDS (120 by default); FUZZ_SEED repeats a run.
 */
const RUNS = Number(process.env.CONTENT_BUILD_RUNS ?? 3)
const SECONDS = Number(process.env.CONTENT_BUILD_SECONDS ?? 120)
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)

const service = join(root, 'build', 'server', 'content-build-service.js')
const codeDir = join(root, 'dist')
const work = mkdtempSync(join(tmpdir(), 'incremental-content-build-'))
const shipped = JSON.parse(readFileSync(join(root, 'site.config.json'), 'utf8')) as SiteConfig
let incremental: ContentBuilder
let whole: ContentBuilder

beforeAll(() => {
  if (!existsSync(service) || !existsSync(join(codeDir, '.site-content-files.json'))) throw new Error('These tests run the build: `npm run build` first (npm test does).')
  const options = { command: service, codeDir, renderDir: join(root, 'build', 'render'), pictureDirs: [], pictureCacheDir: join(work, 'picture-cache') }
  incremental = contentBuildProcess(options)
  whole = contentBuildProcess(options)
})
afterAll(async () => {
  await Promise.all([incremental?.close(), whole?.close()])
  rmSync(work, { recursive: true, force: true })
})

/** Words as editors type them, and as an attacker would: markup, entities, quotes, scripts, other alphabets. */
const words = fc.oneof(
  fc.string({ minLength: 1, maxLength: 24 }),
  fc.constantFrom('<script>alert(1)</script>', 'Tom & Jerry’s "best" <b>offer</b>', 'Ünïcödé — 日本語 — عربى', '</style><style>body{display:none}', '1 < 2 && 3 > 2'),
)
/** The texts of a page's blocks an editor changes (never an address, a picture or an icon, which the check would hold to their rules). */
const EDITABLE = new Set(['title', 'text', 'heading', 'eyebrow', 'intro', 'description', 'subtitle', 'quote', 'alt'])
const themeColours = ['#aa3300', '#0040c5', '#2f7d32', '#6a1b9a']

const edit = fc.oneof(
  fc.record({ kind: fc.constant('page text' as const), page: fc.nat(), place: fc.nat(), value: words }),
  fc.record({ kind: fc.constant('page title' as const), page: fc.nat(), value: words }),
  fc.record({ kind: fc.constant('menu label' as const), item: fc.nat(), value: words }),
  fc.record({ kind: fc.constant('phone' as const), value: words }),
  fc.record({ kind: fc.constant('theme' as const), colour: fc.constantFrom(...themeColours) }),
  fc.record({ kind: fc.constant('404 words' as const), value: words }),
  fc.record({ kind: fc.constant('add page' as const), from: fc.nat(), name: fc.stringMatching(/^[a-z]{1,8}$/) }),
  fc.record({ kind: fc.constant('remove added page' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('rename added page' as const), which: fc.nat(), name: fc.stringMatching(/^[a-z]{1,8}$/) }),
)
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never

/** Where in a page's blocks an editable text is, as a list of [holder, key] places. */
function textPlaces(value: unknown, places: Array<[Record<string, unknown>, string]> = []): Array<[Record<string, unknown>, string]> {
  if (Array.isArray(value)) for (const item of value) textPlaces(item, places)
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && EDITABLE.has(key)) places.push([value as Record<string, unknown>, key])
      else textPlaces(inner, places)
    }
  return places
}

/** Applies one edit; answers the pages it is about (for the build's count), or "all". */
function apply(config: SiteConfig, change: Edit): 'one page' | 'other' {
  const added = config.routes.filter((route) => route.path.startsWith('/added-'))
  switch (change.kind) {
    case 'page text': {
      const places = textPlaces(config.routes[change.page % config.routes.length]!.blocks)
      if (places.length === 0) return 'other'
      const [holder, key] = places[change.place % places.length]!
      holder[key] = change.value
      return 'one page'
    }
    case 'page title':
      config.routes[change.page % config.routes.length]!.title = change.value
      return 'other'
    case 'menu label':
      config.navigation.items[change.item % config.navigation.items.length]!.label = change.value
      return 'other'
    case 'phone':
      config.site.phone = change.value
      return 'other'
    case 'theme':
      config.site.theme = { ...config.site.theme, primaryColor: change.colour }
      return 'other'
    case '404 words':
      config.texts = { ...config.texts, notFound: { ...config.texts?.notFound, title: change.value } } as SiteConfig['texts']
      return 'other'
    case 'add page': {
      const path = `/added-${change.name}`
      const from = config.routes[1 + (change.from % (config.routes.length - 1))]!
      if (!config.routes.some((route) => route.path === path)) config.routes.push({ ...structuredClone(from), path, aliases: [] })
      return 'other'
    }
    case 'remove added page':
      if (added.length > 0) config.routes.splice(config.routes.indexOf(added[change.which % added.length]!), 1)
      return 'other'
    case 'rename added page': {
      const path = `/added-${change.name}`
      if (added.length > 0 && !config.routes.some((route) => route.path === path)) added[change.which % added.length]!.path = path
      return 'other'
    }
  }
}

/** Both folders hold the same files, byte for byte. */
function expectSameSite(built: string, reference: string, what: string): void {
  const files = filesUnder(built)
  expect(files, `${what}: the list of files`).toEqual(filesUnder(reference))
  const differing = files.filter((file) => !readFileSync(join(built, file)).equals(readFileSync(join(reference, file))))
  expect(differing, `${what}: files whose bytes differ`).toEqual([])
}

let folders = 0
const newFolder = () => join(work, `site-${++folders}`)

it(
  'builds onto the version before only the pages an edit changed, and writes what a whole build writes, byte for byte',
  async () => {
    let series = 0
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
        series += 1
        const config = structuredClone(shipped)
        // The first publish goes onto the code build's own site, as on a new server.
        let onto = codeDir
        for (const change of edits) {
          const scope = apply(config, change)
          const text = JSON.stringify(config, null, 2)
          const built = newFolder()
          const progress: ContentBuildProgress[] = []
          await incremental.build(text, built, { onto, onProgress: (step) => progress.push(step) })
          const reference = newFolder()
          await whole.build(text, reference)
          expectSameSite(built, reference, `after ${JSON.stringify(change)}`)
          // A page's own words render that page alone (or none, when the edit changed nothing).
          if (scope === 'one page') expect(progress.at(-1)!.rendered, JSON.stringify(change)).toBeLessThanOrEqual(1)
          rmSync(reference, { recursive: true, force: true })
          if (onto !== codeDir) rmSync(onto, { recursive: true, force: true })
          onto = built
        }
        const configFile = join(work, `series-${series}.json`)
        writeFileSync(configFile, JSON.stringify(config, null, 2))
        const fresh = newFolder()
        const command = spawnSync(process.execPath, [join(root, 'build', 'server', 'content-build.js'), configFile, '--out', fresh, '--checked'], {
          encoding: 'utf8',
          env: { ...process.env, NODE_ENV: 'production' },
        })
        expect(command.status, command.stderr).toBe(0)
        expectSameSite(onto, fresh, 'against the content build command in a fresh process')
        for (const folder of [onto, fresh]) rmSync(folder, { recursive: true, force: true })
      }),
      { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: SECONDS * 1000, markInterruptAsFailure: false, endOnFailure: true },
    )
  },
  (SECONDS + 120) * 1000,
)

it('renders a page’s edited words once, and keeps the other pages’ files as links to the version before', async () => {
  const config = structuredClone(shipped)
  const about = config.routes.find((route) => route.path === '/about')!
  ;(about.blocks[0] as { heading: string }).heading = 'Who we are, edited'
  const first = newFolder()
  await incremental.build(JSON.stringify(shipped, null, 2), first, { onto: codeDir })
  const progress: ContentBuildProgress[] = []
  const second = newFolder()
  await incremental.build(JSON.stringify(config, null, 2), second, { onto: first, onProgress: (step) => progress.push(step) })
  expect(progress.at(-1)).toEqual({ render: 1, of: shipped.routes.length + 1, rendered: 1 })
  expect(readFileSync(join(second, 'about', 'index.html'), 'utf8')).toContain('Who we are, edited')
  expect(statSync(join(second, 'contact', 'index.html')).ino).toBe(statSync(join(first, 'contact', 'index.html')).ino)
  expect(statSync(join(second, 'about', 'index.html')).ino).not.toBe(statSync(join(first, 'about', 'index.html')).ino)
})
