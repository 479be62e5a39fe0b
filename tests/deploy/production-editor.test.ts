// @vitest-environment node
import { spawn } from 'node:child_process'
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startSiteServer, type SiteServer } from '../../scripts/harness/site-server.ts'
import { needsSystemPackages } from '../helpers/system-packages.ts'
import { httpRequest, rawRequest } from '../server/support/raw-http.ts'
import { apiFuzzCase, type FuzzContext } from './support/editor-api-fuzz.ts'
import { editorClient, type EditorSession } from '../../scripts/harness/editor-api-client.ts'
import { productionInstall, type ProductionInstall } from './support/production-install.ts'

/**
 * The visual editor on a production install (`npm ci --omit=dev`, NODE_ENV=production, EDITOR=on),
 * as its users meet it: the content build command, the sign-in, the refusals, publishing and
 * rolling back in Chromium, a conflict between two editors, and the API under hostile requests.
 */
const PASSWORDS: Record<string, string> = {
  asha: 'mango monsoon ferry lantern',
  ben: 'quiet harbour copper kite',
  // Guessed at on purpose, so that the others' sign-ins are seen to go on.
  carol: 'velvet tundra pencil orbit',
}
/** The shortest EDITOR_SESSION_IDLE_MS the server takes. */
const SHORTEST_IDLE_MS = 60_000
const WRONG_PASSWORD = 'That account name and password do not match an editor account.'

let install: ProductionInstall
/** The server the editor publishes on (CONTENT_DIR: its default, ./published). */
let server: SiteServer
/**
 * A second server on the same install with the shortest idle time a session may have, and its own
 * content; behind a proxy (TRUST_PROXY=1), so a test can sign in from several addresses.
 */
let shortSessions: SiteServer
let browser: Browser | undefined
let idleSession: EditorSession
let idleSince = 0
const cleanups: Array<() => unknown> = []

/** A command of the install as an operator runs it there: `node bin/start.mjs <args>`, NODE_ENV=production. */
const operator = (args: string[], input = '') =>
  // Not spawnSync: a command blocking this process for longer than the servers' keep-alive time
  // leaves its pooled connections closed by the other side unseen, and the next request fails.
  new Promise<{ status: number | null; stdout: Buffer; stderr: Buffer }>((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/start.mjs', ...args], { cwd: install.dir, env: { ...process.env, NODE_ENV: 'production' } })
    const stdout: Buffer[] = []
    const stderr: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr) }))
    child.stdin.end(input)
  })

needsSystemPackages('chromium')
beforeAll(async () => {
  install = await productionInstall()
  cleanups.push(install.remove)
  // The first account is an admin; the others publish too.
  for (const [account, password] of Object.entries(PASSWORDS))
    expect((await operator(['editor-user', 'add', account, ...(account === 'asha' ? [] : ['--role', 'publisher'])], `${password}\n`)).status).toBe(0)
  const production = { NODE_ENV: 'production', EDITOR: 'on' }
  // No form is sent here: mail goes to a port nothing listens on.
  const smtpUrl = `smtp://127.0.0.1:${await freePort()}`
  const command = [process.execPath, 'bin/start.mjs']
  ;[server, shortSessions] = await Promise.all([
    startSiteServer({ cwd: install.dir, command, outboxDir: join(install.dir, 'outbox'), smtpUrl, env: production }),
    startSiteServer({
      cwd: install.dir,
      command,
      outboxDir: join(install.around, 'short-sessions', 'outbox'),
      smtpUrl,
      env: { ...production, CONTENT_DIR: join(install.around, 'short-sessions', 'content'), EDITOR_SESSION_IDLE_MS: String(SHORTEST_IDLE_MS), TRUST_PROXY: '1' },
    }),
  ])
  cleanups.push(server.stop, shortSessions.stop)
  // Signed in now and left alone until the last test, by when it has been idle past its limit.
  idleSession = await editorClient(shortSessions.url).signIn('asha', PASSWORDS.asha!)
  expect((await editorClient(shortSessions.url).read(idleSession, '/_editor/api/document')).status).toBe(200)
  idleSince = Date.now()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const pageTitle = async (url: string, path: string) => /<title>([^<]*)<\/title>/.exec(await (await fetch(`${url}${path}`)).text())?.[1] ?? ''
const versionsOf = async (session: EditorSession) =>
  ((await (await editorClient(server.url).read(session, '/_editor/api/versions')).json()) as { versions: { id: string; author: string; rollbackOf?: string }[] }).versions
type SiteConfig = { routes: { path: string; title: string }[] }
const loadDocument = async (session: EditorSession) =>
  (await (await editorClient(server.url).read(session, '/_editor/api/document')).json()) as { version: string; config: SiteConfig }
const withTitle = (config: SiteConfig, path: string, title: string) => ({ ...config, routes: config.routes.map((route) => (route.path === path ? { ...route, title } : route)) })

describe('the content build on a production install', () => {
  it('`node bin/start.mjs content-build --out <folder>` exits 0 and writes every page', async () => {
    const out = join(install.around, 'content-build')
    const started = performance.now()
    const build = await operator(['content-build', '--out', out])
    console.log(`content build on the production install: ${((performance.now() - started) / 1000).toFixed(2)} s`)
    expect(build.status, build.stderr.toString()).toBe(0)
    const { routes } = JSON.parse(readFileSync(join(install.dir, 'site.config.json'), 'utf8')) as SiteConfig
    for (const { path } of routes) expect(existsSync(join(out, path, 'index.html')), path).toBe(true)
    expect(readFileSync(join(out, 'about', 'index.html'), 'utf8')).toContain('<title>About Us')
  })
})

describe('signing in on a production install', () => {
  const client = () => editorClient(shortSessions.url)

  it('refuses a wrong password: the form says so and no session is given', async () => {
    const wrong = await client().postSignIn('asha', 'not the right passphrase')
    expect(wrong.answer.status).toBe(401)
    expect(wrong.text).toContain(WRONG_PASSWORD)
    expect(wrong.session).toBeUndefined()
    // The right one still works.
    expect((await client().postSignIn('asha', PASSWORDS.asha!)).answer.status).toBe(303)
  })

  it('slows a name that keeps failing from one address, its right password included, says when to try again, and lets the editor in from elsewhere', async () => {
    const guesser = { 'x-forwarded-for': '198.51.100.7' }
    const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000))
    // Guesses until the wait is long enough (8 s) that the next request surely comes inside it, on a busy machine too.
    let waitSeconds = 0
    for (let attempt = 1; waitSeconds < 8; attempt++) {
      expect(attempt, 'guesses before a wait of 8 s').toBeLessThan(15)
      const guess = await client().postSignIn('carol', `wrong guess ${attempt}`, guesser)
      if (guess.answer.status === 401) continue
      expect(guess.answer.status).toBe(429)
      expect(guess.text).toMatch(/Too many failed sign-ins for this account name from your network\. Try again in \d+ seconds?\./)
      waitSeconds = Number(guess.answer.headers.get('retry-after'))
      if (waitSeconds < 8) await sleep(waitSeconds)
    }
    const slowed = await client().postSignIn('carol', PASSWORDS.carol!, guesser)
    expect(slowed.answer.status).toBe(429)
    expect(slowed.session).toBeUndefined()
    const retryAfter = Number(slowed.answer.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    // Carol from another address, and another account from this one, are in at once.
    expect((await client().postSignIn('carol', PASSWORDS.carol!, { 'x-forwarded-for': '203.0.113.20' })).answer.status).toBe(303)
    expect((await client().postSignIn('ben', PASSWORDS.ben!)).answer.status).toBe(303)
    // The count is kept where a restart finds it.
    expect(existsSync(join(install.around, 'short-sessions', 'content', 'sign-in-failures.json'))).toBe(true)
    // Once the wait is over, the right password is taken from the guessing address too.
    await sleep(retryAfter)
    expect((await client().postSignIn('carol', PASSWORDS.carol!, guesser)).answer.status).toBe(303)
  })

  it('refuses a forged session cookie and one from a session signed out of', async () => {
    const forged = { account: 'asha', cookie: `editor_session=${'A'.repeat(43)}`, csrfToken: 'x' }
    const signedOut = await client().signIn('asha', PASSWORDS.asha!)
    const signOut = await fetch(`${shortSessions.url}/_editor/sign-out`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: signedOut.cookie, origin: shortSessions.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: signedOut.csrfToken }),
    })
    expect(signOut.status).toBe(303)
    for (const session of [forged, signedOut]) {
      const api = await client().read(session, '/_editor/api/document')
      expect([api.status, await api.json()]).toEqual([401, { error: 'not_signed_in', message: 'Sign in to the editor first.' }])
      expect((await client().change(session, '/_editor/api/save', {})).status).toBe(401)
      const page = await client().read(session, '/_editor')
      expect([page.status, page.headers.get('location')]).toEqual([303, '/_editor/sign-in?next=%2F_editor'])
    }
  })
})

describe('publishing and rolling back in Chromium', () => {
  let page: Page
  let asha: EditorSession
  let ben: EditorSession
  const NEW_TITLE = 'About Eastbridge, published from the editor'

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    })
    page = await (await browser.newContext()).newPage()
    page.setDefaultTimeout(20_000)
    asha = await editorClient(server.url).signIn('asha', PASSWORDS.asha!)
    ben = await editorClient(server.url).signIn('ben', PASSWORDS.ben!)
  }, 60_000)

  const titleField = () => page.getByRole('region', { name: 'Page settings' }).getByRole('textbox', { name: 'Title' })

  /** Loads /about in a page of its own until its title is `title` (for up to `limitMs`); the milliseconds since `since`. */
  async function aboutShows(title: string, since: number, limitMs = 30_000): Promise<number> {
    const visitor = await browser!.newPage()
    try {
      while (Date.now() - since < limitMs) {
        await visitor.goto(`${server.url}/about`)
        if ((await visitor.title()).startsWith(title)) return Date.now() - since
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`/about did not show "${title}" within ${limitMs / 1000} s (it shows "${await visitor.title()}")`)
    } finally {
      await visitor.close()
    }
  }

  it('signs in through the form; a publish from a version someone else published over is refused, naming them, and overwrites nothing', { timeout: 90_000 }, async () => {
    await page.goto(`${server.url}/_editor`)
    await page.getByLabel('Account name').fill('asha')
    await page.getByLabel('Password').fill(PASSWORDS.asha!)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${server.url}/_editor`)
    await page.getByText('Signed in as asha').waitFor()
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^About Us/ })
      .click()
    await titleField().fill('About, as asha would have it')

    // Ben publishes from the same version, the site as it was built, while asha edits.
    const loaded = await loadDocument(ben)
    expect(loaded.version).toBe('built')
    const published = await editorClient(server.url).change(ben, '/_editor/api/save', {
      version: loaded.version,
      config: withTitle(loaded.config, '/', 'Home, as ben published it'),
    })
    expect(published.status).toBe(200)

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    const conflict = page.getByRole('alert').filter({ hasText: 'Someone published meanwhile' })
    await conflict.waitFor()
    expect(await conflict.textContent()).toContain('ben published a new version of the site')
    // Ben's version stands; asha's edit was not published over it.
    expect(await pageTitle(server.url, '/')).toMatch(/^Home, as ben published it/)
    expect(await pageTitle(server.url, '/about')).toMatch(/^About Us/)
    expect((await versionsOf(asha)).map((version) => version.author)).toEqual(['ben'])
  })

  it('publishes a new title of the About page, which the live page shows within seconds of the click', { timeout: 60_000 }, async () => {
    await page.getByRole('button', { name: /^Load the published version/ }).click()
    await expect.poll(() => titleField().inputValue(), { timeout: 20_000 }).toBe('About Us')
    await titleField().fill(NEW_TITLE)
    const clicked = Date.now()
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    const ms = await aboutShows(NEW_TITLE, clicked)
    console.log(`publish from the editor to the live page: ${ms} ms (the design's bound: 3000 ms)`)
    expect(ms).toBeLessThan(10_000)
    await page.getByText('Published: the site shows your changes now.').waitFor()
    expect(await pageTitle(server.url, '/')).toMatch(/^Home, as ben published it/)
  })

  it('rolls back to the first version from the Versions screen, and downloads the config as `site-versions export` writes it', { timeout: 60_000 }, async () => {
    await page.getByRole('button', { name: 'Versions' }).click()
    const versions = page.getByRole('region', { name: 'Versions' })
    const cards = versions.getByRole('listitem', { name: /^Version / })
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(2)
    await cards.last().getByRole('button', { name: 'Roll back to this' }).click()
    const clicked = Date.now()
    await page.getByRole('dialog', { name: 'Roll back to this version?' }).getByRole('button', { name: 'Roll back' }).click()
    const ms = await aboutShows('About Us', clicked)
    console.log(`rollback from the editor to the live page: ${ms} ms`)
    await versions.getByText(/^Rolled back: the site shows the version of ben/).waitFor()
    const [first, ...rest] = [...(await versionsOf(asha))].reverse()
    expect(rest.map((version) => [version.author, version.rollbackOf])).toEqual([
      ['asha', undefined],
      ['asha', first!.id],
    ])

    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3)
    const [download] = await Promise.all([page.waitForEvent('download'), cards.first().getByRole('link', { name: 'Download' }).click()])
    expect(download.suggestedFilename()).toBe('site.config.json')
    const downloaded = readFileSync(await download.path())
    expect(downloaded.equals((await operator(['site-versions', 'export'])).stdout)).toBe(true)
    expect(downloaded.equals((await operator(['site-versions', 'export', first!.id])).stdout)).toBe(true)
  })
})

describe('the editor refuses what does not come from a signed-in editor on this site', () => {
  it('sends every editor page to the sign-in and answers every API call 401 without a session; refuses every change from elsewhere or without its token; publishes nothing', async () => {
    const client = editorClient(server.url)
    const asha = await client.signIn('asha', PASSWORDS.asha!)
    const before = await versionsOf(asha)
    const first = before.at(-1)!.id
    const editorPage = await (await client.read(asha, '/_editor')).text()
    const assets = [...editorPage.matchAll(/(?:src|href)="(\/_editor\/assets\/[^"]+)"/g)].map((match) => match[1]!)
    expect(assets.length).toBeGreaterThan(2)
    const nobody: EditorSession = { account: '', cookie: '', csrfToken: 'guessed' }

    for (const path of ['/_editor', '/_editor/', '/_editor/preview', ...assets]) {
      const answer = await client.read(nobody, path)
      expect([path, answer.status, answer.headers.get('location')]).toEqual([path, 303, `/_editor/sign-in?next=${encodeURIComponent(path)}`])
    }
    const reads = [
      '/_editor/api/session',
      '/_editor/api/document',
      '/_editor/api/versions',
      '/_editor/api/versions/current/config',
      `/_editor/api/versions/${first}/config`,
      '/_editor/api/media',
    ]
    const { version, config } = await loadDocument(asha)
    const changes: [string, unknown][] = [
      ['/_editor/api/check', { version, config }],
      ['/_editor/api/save', { version, config: withTitle(config, '/about', 'Forged') }],
      ['/_editor/api/new-page', { version, config, path: '/forged', title: 'Forged', template: 'service' }],
      [`/_editor/api/versions/${first}/rollback`, {}],
      ['/_editor/api/media/delete', { src: '/images/logo.svg', config }],
    ]
    for (const path of reads) {
      const answer = await client.read(nobody, path)
      expect([path, answer.status, answer.headers.get('content-type'), await answer.json()]).toEqual([
        path,
        401,
        'application/json; charset=utf-8',
        { error: 'not_signed_in', message: 'Sign in to the editor first.' },
      ])
    }
    for (const [path, body] of changes) expect([path, (await client.change(nobody, path, body)).status]).toEqual([path, 401])

    const send = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: asha.cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    for (const [path, body] of changes) {
      const refusals = [
        await send(path, body, { origin: 'https://evil.example', 'x-csrf-token': asha.csrfToken }),
        await send(path, body, { origin: 'null', 'x-csrf-token': asha.csrfToken }),
        await send(path, body, { 'x-csrf-token': asha.csrfToken }),
        await send(path, body, { origin: server.url }),
        await send(path, body, { origin: server.url, 'x-csrf-token': `${asha.csrfToken.slice(0, -2)}xx` }),
      ]
      expect([path, ...refusals.map((answer) => answer.status)]).toEqual([path, 403, 403, 403, 403, 403])
    }
    expect(await versionsOf(asha)).toEqual(before)
    expect(await pageTitle(server.url, '/about')).toMatch(/^About Us/)
  })
})

/** Every file under `dir` but those under `skipped`, with its size and time of change. */
function filesUnder(dir: string, skipped: string[], into = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (skipped.includes(path)) continue
    if (entry.isDirectory()) filesUnder(path, skipped, into)
    else {
      const stat = lstatSync(path)
      into.set(relative(install.around, path), `${stat.size} ${stat.mtimeMs}`)
    }
  }
  return into
}

describe('the editor API under hostile requests with a valid session', () => {
  const runs = Number(process.env.FUZZ_RUNS ?? 150)
  const seed = Number(process.env.FUZZ_SEED ?? 20_260_125)
  const TIME_LIMIT_MS = 60_000

  it(
    `answers no 5xx, stays up, and writes nothing outside CONTENT_DIR and the outbox (seed ${seed}, up to ${runs} requests or ${TIME_LIMIT_MS / 1000} s)`,
    { timeout: 120_000 },
    async () => {
      const client = editorClient(server.url)
      const asha = await client.signIn('asha', PASSWORDS.asha!)
      const document = await loadDocument(asha)
      const context: FuzzContext = {
        version: document.version,
        config: document.config as unknown as FuzzContext['config'],
        versionIds: (await versionsOf(asha)).map((version) => version.id),
      }
      // What the server may write to: its versions and pictures (CONTENT_DIR, ./published), its outbox; and the other server's folder.
      const skipped = ['node_modules', 'published', 'outbox'].map((name) => join(install.dir, name)).concat(join(install.around, 'short-sessions'))
      const before = filesUnder(install.around, skipped)
      const headers = { Host: new URL(server.url).host, Cookie: asha.cookie, Origin: server.url, 'X-CSRF-Token': asha.csrfToken }
      const statuses = new Map<number, number>()

      const started = Date.now()
      const outcome = await fc.check(
        fc.asyncProperty(apiFuzzCase(context), async ({ method, path, contentType, body }) => {
          const answer = await rawRequest(server.port, httpRequest(method, path, contentType ? { ...headers, 'Content-Type': contentType } : headers, body), 30_000)
          const status = answer?.status ?? 0
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          // A body far over the limits may be cut off once refused: no answer is fine then, while the server stays up.
          if (status === 0 && body.length > 10 * 1024 * 1024) return (await fetch(`${server.url}/health`)).status === 200
          return status >= 200 && status < 500
        }),
        { seed, numRuns: runs, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
      )
      console.log(
        `editor API fuzz: ${outcome.numRuns} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${seed}); answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`,
      )
      if (outcome.failed) {
        const errors = server.log.filter((line) => /"level":"(error|fatal)"/.test(line)).slice(-3)
        throw new Error(`${fc.defaultReportMessage(outcome) ?? 'the fuzz failed'}\nThe server's last errors:\n${errors.join('\n')}`)
      }

      expect((await fetch(`${server.url}/health`)).status).toBe(200)
      expect((await client.read(asha, '/_editor/api/document')).status).toBe(200)
      expect(filesUnder(install.around, skipped)).toEqual(before)
    },
  )
})

/**
 * The real clock on the real server: the session was signed in before the other tests, which use
 * up most of the shortest idle time the server takes (60 s), so the wait here is what is left.
 * The longest life of a busy session (EDITOR_SESSION_MAX_MS, also 60 s at least) and the times in
 * between are tests/server's, on a clock they move (editor-sign-in.test.ts).
 */
describe('a session left alone', () => {
  it(
    `has ended after EDITOR_SESSION_IDLE_MS (${SHORTEST_IDLE_MS / 1000} s): the API answers 401 and the editor sends the browser to the sign-in`,
    { timeout: SHORTEST_IDLE_MS + 30_000 },
    async () => {
      const waited = Math.max(0, idleSince + SHORTEST_IDLE_MS + 1000 - Date.now())
      console.log(`session expiry: waited ${(waited / 1000).toFixed(1)} s more for the idle time to pass`)
      await new Promise((resolve) => setTimeout(resolve, waited))
      const client = editorClient(shortSessions.url)
      const api = await client.read(idleSession, '/_editor/api/document')
      expect([api.status, await api.json()]).toEqual([401, { error: 'not_signed_in', message: 'Sign in to the editor first.' }])
      const page = await client.read(idleSession, '/_editor')
      expect([page.status, page.headers.get('location')]).toEqual([303, '/_editor/sign-in?next=%2F_editor'])
    },
  )
})
