// @vitest-environment node
/**
 * What publishing does to the disk, on the compiled server with EDITOR=on (needs `npm run build`):
 * on a CONTENT_DIR whose disk is full, a publish from the editor is refused in words the editor
 * shows, and nothing changes; at 50 versions, what CONTENT_DIR holds stops growing but for the
 * versions' text once EDITOR_BUILT_KEPT built sites are kept.
 */
import { execFile, execFileSync } from 'node:child_process'
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium, type Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { summarizeChange } from '../../publish/change-summary.ts'
import { createFolderVersionStore } from '../../publish/folder-version-store.ts'
import type { VersionMeta } from '../../publish/version-store.ts'
import { isOutOfSpace } from '../../ground/durable-files.ts'
import { createLogger } from '../../ground/log.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { distDir, root } from '../../scripts/lib/paths.ts'
import { buildSiteOnce } from '../../scripts/lib/server-process.ts'
import { freePort, startSiteServer, type SiteServer } from '../../scripts/harness/site-server.ts'
import { needsSystemPackages } from '../helpers/system-packages.ts'
import { editorClient, type EditorSession } from '../../scripts/harness/editor-api-client.ts'
import { loadDocument, post, publish, withRoute } from '../../scripts/harness/editor-client.ts'

const run = promisify(execFile)
const PASSWORD = 'a long passphrase for the disk test'
const MB = 1024 * 1024
const NOT_PUBLISHED = "Not published: the server's disk is full. Nothing was changed; ask whoever runs the server to free space, then publish again."
// The editor's edits go to a team draft first: on a full disk, that is what is refused.
const NOT_SAVED_TO_DRAFT =
  "Not saved to the draft: the server's disk is full. The draft is as it was and your edits stay in this browser; ask whoever runs the server to free space, then try again."
const NOT_ROLLED_BACK = "Not rolled back: the server's disk is full. Nothing was changed; ask whoever runs the server to free space, then roll back again."

needsSystemPackages('chromium')

const temp = mkdtempSync(join(tmpdir(), 'publishing-disk-'))
const accountsFile = join(temp, 'editor-accounts.json')
const servers: SiteServer[] = []
const cleanups: Array<() => unknown> = []
let browser: Browser | undefined

async function startServer(name: string, contentDir: string): Promise<SiteServer> {
  const server = await startSiteServer({
    outboxDir: join(temp, name, 'outbox'),
    // No form is sent here: mail goes to a port nothing listens on.
    smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
    env: { NODE_ENV: 'production', EDITOR: 'on', EDITOR_ACCOUNTS_FILE: accountsFile, CONTENT_DIR: contentDir },
  })
  servers.push(server)
  return server
}

const titleOf = async (url: string) => /<title>([^<|]*?)\s*(?:\|[^<]*)?<\/title>/.exec(await (await fetch(url)).text())?.[1]
const versionIds = async (url: string, session: EditorSession) =>
  ((await (await editorClient(url).read(session, '/_editor/api/versions')).json()) as { versions: { id: string }[] }).versions.map((version) => version.id)

/** Fills the disk holding `dir` to its last block; returns what frees the space again. */
function fillDisk(dir: string): () => void {
  const filler = join(dir, 'filler')
  mkdirSync(filler, { recursive: true })
  let index = 0
  for (const size of [MB, 4096, 1]) {
    for (;;) {
      try {
        writeFileSync(join(filler, String((index += 1))), new Uint8Array(size))
      } catch (error) {
        if (isOutOfSpace(error)) break
        throw error
      }
    }
  }
  return () => rmSync(filler, { recursive: true, force: true })
}

/** A tmpfs of `bytes` on a new folder, unmounted after the file's tests; undefined where this process may not mount one. */
function smallDisk(bytes: number): string | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined
  const dir = mkdtempSync(join(temp, 'small-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir], { stdio: 'ignore' })
  } catch {
    return undefined
  }
  cleanups.push(() => execFileSync('umount', ['--lazy', dir], { stdio: 'ignore' }))
  return dir
}

/** Every file and folder under `dir` (`.`-names included), as paths relative to it. */
const namesUnder = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()

beforeAll(async () => {
  buildSiteOnce()
  const adding = run(process.execPath, ['bin/start.mjs', 'editor-user', 'add', 'asha'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', EDITOR_ACCOUNTS_FILE: accountsFile },
  })
  adding.child.stdin?.end(`${PASSWORD}\n`)
  await adding
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await Promise.all(servers.map((server) => server.stop()))
  for (const cleanup of cleanups.reverse()) cleanup()
  rmSync(temp, { recursive: true, force: true })
})

describe('publishing on a full disk', () => {
  it('refuses a publish in Chromium and a rollback with words the editor shows (507), changing nothing; publishes once there is space', { timeout: 180_000 }, async (context) => {
    // A tmpfs can only be mounted as root (CI runs as root); elsewhere there is no disk to fill.
    const disk = smallDisk(96 * MB)
    if (!disk) return context.skip()
    const contentDir = join(disk, 'content')
    const server = await startServer('full-disk', contentDir)
    const asha = await editorClient(server.url).signIn('asha', PASSWORD)
    const first = await loadDocument(server.url, asha)
    const firstId = await publish(server.url, asha, { version: first.version, config: withRoute(first.config, '/about', { title: 'About Us, first version' }) })
    const published = await loadDocument(server.url, asha)
    const before = { versions: await versionIds(server.url, asha), title: await titleOf(`${server.url}/about`), files: namesUnder(contentDir) }
    expect(before.versions).toEqual([firstId])

    const freeSpace = fillDisk(disk)
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    })
    const page = await (await browser.newContext()).newPage()
    page.setDefaultTimeout(20_000)
    await page.goto(`${server.url}/_editor`)
    await page.getByLabel('Account name').fill('asha')
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${server.url}/_editor`)
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^About Us/ })
      .click()
    await page.getByRole('region', { name: 'Page settings' }).getByRole('textbox', { name: 'Title' }).fill('About Us, never published')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'Not published' })
    await refusal.waitFor()
    expect(await refusal.textContent()).toContain(NOT_SAVED_TO_DRAFT)

    const saved = await post(server.url, asha, 'save', { version: published.version, config: withRoute(published.config, '/about', { title: 'About Us, by the API' }) })
    expect(saved).toEqual({ status: 507, body: { message: NOT_PUBLISHED } })
    const rolledBack = await editorClient(server.url).change(asha, `/_editor/api/versions/${firstId}/rollback`)
    expect([rolledBack.status, await rolledBack.json()]).toEqual([507, { message: NOT_ROLLED_BACK }])
    // No version, no half-written or half-built folder, the same page for visitors.
    const after = { versions: await versionIds(server.url, asha), title: await titleOf(`${server.url}/about`), files: namesUnder(contentDir) }
    expect(after).toEqual(before)
    expect(server.log.some((line) => line.includes('refused a publish: the disk is full'))).toBe(true)

    freeSpace()
    const again = await publish(server.url, asha, { version: published.version, config: withRoute(published.config, '/about', { title: 'About Us, once there was space' }) })
    expect(await versionIds(server.url, asha)).toEqual([again, firstId])
    expect(await titleOf(`${server.url}/about`)).toBe('About Us, once there was space')
  })
})

/** Bytes on disk under `dir` (whole blocks), each file once however many names it has, leaving out `shared` (files linked from the code build). */
function diskUse(dir: string, shared: Set<string> = new Set()): number {
  const seen = new Set<string>()
  let bytes = 0
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const info = lstatSync(join(dir, name))
    const key = `${info.dev}:${info.ino}`
    if (seen.has(key) || shared.has(key)) continue
    seen.add(key)
    bytes += info.blocks * 512
  }
  return bytes
}

function inodesUnder(dir: string): Set<string> {
  const inodes = new Set<string>()
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const info = lstatSync(join(dir, name))
    if (info.isFile()) inodes.add(`${info.dev}:${info.ino}`)
  }
  return inodes
}

/** Versions stored as text before the server starts: what matters on disk is what the publisher builds, which the last publishes show. */
const SEEDED_VERSIONS = 40
/** Publishes through the editor on top of them: more than the 7 built sites kept, so the count reaches its steady state. */
const REAL_PUBLISHES = 10

/**
 * Stores SEEDED_VERSIONS versions of the site's config in CONTENT_DIR's folder store, as earlier
 * publishes would have (each with its change summary). Building each of them as well would only
 * repeat what the real publishes after them measure, at four seconds a build.
 */
async function seedVersions(contentDir: string): Promise<void> {
  const store = createFolderVersionStore({ dir: contentDir, keep: 50, log: createLogger({ level: 'silent' }) })
  const site = JSON.parse(readFileSync(join(root, 'site.config.json'), 'utf8')) as SiteConfig
  let base: string | null = null
  let before = site
  for (let seeded = 1; seeded <= SEEDED_VERSIONS; seeded += 1) {
    const title = `About Us, stored version ${seeded}`
    const config: SiteConfig = { ...site, routes: site.routes.map((route) => (route.path === '/about' ? { ...route, title } : route)) }
    const meta: VersionMeta = await store.publish({ base, configText: JSON.stringify(config, null, 2), author: 'asha', summary: summarizeChange(before, config) })
    base = meta.id
    before = config
  }
  await store.close()
}

describe('what CONTENT_DIR holds after many publishes', () => {
  it('stops growing but for the versions as text once EDITOR_BUILT_KEPT built sites are kept (the default 5, and 50 versions)', { timeout: 600_000 }, async () => {
    const contentDir = join(temp, 'many-publishes', 'content')
    await seedVersions(contentDir)
    const server = await startServer('many-publishes', contentDir)
    const asha = await editorClient(server.url).signIn('asha', PASSWORD)
    const shared = inodesUnder(distDir)
    const measured: Array<{ publishes: number; total: number; built: number; builtSites: number; versions: number }> = []
    for (let publishes = SEEDED_VERSIONS + 1; publishes <= SEEDED_VERSIONS + REAL_PUBLISHES; publishes += 1) {
      const document = await loadDocument(server.url, asha)
      await publish(server.url, asha, { version: document.version, config: withRoute(document.config, '/about', { title: `About Us, version ${publishes}` }) })
      const builtDir = join(contentDir, 'instance', 'built')
      measured.push({
        publishes,
        total: diskUse(contentDir, shared),
        built: diskUse(builtDir, shared),
        builtSites: readdirSync(builtDir).length,
        versions: diskUse(join(contentDir, 'versions')),
      })
    }
    expect(await versionIds(server.url, asha)).toHaveLength(SEEDED_VERSIONS + REAL_PUBLISHES)
    const mb = (bytes: number) => (bytes / MB).toFixed(1)
    console.log(
      `CONTENT_DIR after n versions (${SEEDED_VERSIONS} stored as text first, then each published through the editor; MB on disk of its own, the code build’s files it links not counted):`,
    )
    for (const row of measured)
      console.log(`  ${String(row.publishes).padStart(2)}: ${mb(row.total)} MB (versions as text ${mb(row.versions)} MB, ${row.builtSites} built sites ${mb(row.built)} MB)`)
    const steady = measured[REAL_PUBLISHES - 3]!
    const last = measured[REAL_PUBLISHES - 1]!
    // The served one, the one before, and the 5 newest others.
    expect(last.builtSites).toBe(7)
    expect(last.built).toBeLessThan(steady.built * 1.1)
    // What grows is the text of each version (the config and its summary), nothing built.
    const configBytes = Buffer.byteLength(JSON.stringify((await loadDocument(server.url, asha)).config))
    expect(last.total - steady.total).toBeLessThan(3 * (configBytes * 2 + 64 * 1024))
  })
})
