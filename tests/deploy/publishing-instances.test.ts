// @vitest-environment node
/**
 * Publishing from the browser on many instances, with real parts: a real redis-server, three (then
 * four) compiled servers with EDITOR=on, each with its own CONTENT_DIR, sharing one accounts file,
 * and Debian's nginx in front of them in the published mode (pages from Node). What an author and a
 * visitor notice: a publish on one instance is served by every instance within seconds, an instance
 * started later starts on it, a rollback by the command reaches all, nginx needs no step for a new
 * page, and two authors publishing at once never overwrite each other. Needs `npm run build`.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startLocalRedis, type LocalRedis } from '../../scripts/lib/local-redis.ts'
import { runnableNginxConf } from '../../scripts/lib/nginx-config.ts'
import { distDir, root } from '../../scripts/lib/paths.ts'
import { buildSiteOnce, startServerInstance, type ServerInstance } from '../../scripts/lib/server-process.ts'
import { BROTLI_MODULE, siteServerBlock } from '../../scripts/lib/site-nginx.ts'
import { needsSystemPackages } from '../helpers/system-packages.ts'
import { editorClient } from '../../scripts/harness/editor-api-client.ts'
import { loadDocument, post, publish, signIn, withRoute, type EditorSession, type SiteConfig } from '../../scripts/harness/editor-client.ts'

const run = promisify(execFile)
const PASSWORD = 'a long passphrase for the instances test'
/** The design's bound for a publish to reach every instance: printed beside each figure. */
const DESIGN_EVERY_INSTANCE_MS = 5000
/**
 * What the test holds every instance to: the design's bound with room for a machine whose two
 * cores are busy with other work (it took 9 s there once, 0.3 s quiet). The figure is printed;
 * a timed test must not fail on a noisy machine.
 */
const EVERY_INSTANCE_MS = 20_000
const withinDesign = (figures: number[]) =>
  figures.every((ms) => ms < DESIGN_EVERY_INSTANCE_MS) ? `within the design's ${DESIGN_EVERY_INSTANCE_MS} ms` : `OVER the design's ${DESIGN_EVERY_INSTANCE_MS} ms`
const POLL_MS = 100

const temp = mkdtempSync(join(tmpdir(), 'publishing-instances-'))
const accountsFile = join(temp, 'editor-accounts.json')
let redis: LocalRedis
const instances: ServerInstance[] = []
let nginx: ChildProcess | undefined
let nginxOrigin = ''
const nginxOutput: string[] = []

const TITLES = { first: 'About Us, first published', second: 'About Us, published on every instance' }
const NEW_PAGE = { path: '/zero-trust', alias: '/zerotrust', title: 'Zero Trust Networks' }
/** Ids of the versions published here, in order. */
const published: { first?: string; second?: string } = {}

/** The settings of one instance: the same Redis and accounts, its own CONTENT_DIR and outbox. */
const instanceEnv = (name: string) => ({
  NODE_ENV: 'production',
  REDIS_URL: redis.url,
  EDITOR: 'on',
  EDITOR_ACCOUNTS_FILE: accountsFile,
  CONTENT_DIR: join(temp, name, 'content'),
  OUTBOX_DIR: join(temp, name, 'outbox'),
  // Behind nginx: the visitor's address, scheme and host come from the proxy's headers.
  TRUST_PROXY: '1',
})

/** The compiled commands beside the server, as an operator runs them (`node bin/start.mjs <command>`). */
const command = (args: string[], env: Record<string, string> = {}, input?: string) => {
  const child = run(process.execPath, ['bin/start.mjs', ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', EDITOR_ACCOUNTS_FILE: accountsFile, ...env },
    timeout: 30_000,
  })
  child.child.stdin?.end(input ?? '')
  return child
}

const get = (url: string) => fetch(url, { redirect: 'manual' })
const titleOf = async (url: string) => /<title>([^<|]*?)\s*(?:\|[^<]*)?<\/title>/.exec(await (await get(url)).text())?.[1]

/** Polls `holds` every POLL_MS until it does; the milliseconds since `since`, or a failure after `limitMs`. */
async function msUntil(what: string, since: number, holds: () => Promise<boolean>, limitMs = 30_000): Promise<number> {
  for (;;) {
    const ok = await holds().catch(() => false)
    if (ok) return Date.now() - since
    if (Date.now() - since > limitMs) throw new Error(`${what}: not after ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** The new page, with its alias, made from an existing simple page (so the checker passes it: its links are the site's). */
function withNewPage(config: SiteConfig): SiteConfig {
  const model = config.routes.find((route) => route.path === '/technologies')!
  const page = {
    path: NEW_PAGE.path,
    aliases: [NEW_PAGE.alias],
    title: NEW_PAGE.title,
    description: 'How we design networks where no device or person is trusted by default.',
    blocks: structuredClone(model.blocks),
  }
  return { ...config, routes: [...config.routes, page] }
}

/** What a visitor of `origin` sees of the second version: the new title, the new page, its alias a 301 to it. */
async function servesSecondVersion(origin: string): Promise<boolean> {
  const [title, page] = await Promise.all([titleOf(`${origin}/about`), get(`${origin}${NEW_PAGE.path}`)])
  return title === TITLES.second && page.status === 200
}

async function startNginx(upstreams: string[]): Promise<void> {
  const port = await freePort()
  nginxOrigin = `http://127.0.0.1:${port}`
  const prefix = join(temp, 'nginx')
  for (const folder of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, folder), { recursive: true })
  const asRoot = process.getuid?.() === 0
  // As root, nginx's workers drop to nobody, who must write request bodies into the prefix.
  if (asRoot) for (const folder of readdirSync(prefix)) chmodSync(join(prefix, folder), 0o777)
  const brotli = existsSync(BROTLI_MODULE)
  // The published mode, as `EDITOR=on npm run start:nginx` and build/nginx/site-published.conf have it.
  const serverBlock = siteServerBlock(distDir, { upstreams, listen: `127.0.0.1:${port}`, hsts: false, brotli, pages: 'node' })
  const conf = join(prefix, 'nginx.conf')
  writeFileSync(conf, runnableNginxConf({ prefix, serverBlock, ...(brotli ? { brotliModule: BROTLI_MODULE } : {}), ...(asRoot ? { workerUser: 'nobody nogroup' } : {}) }))
  nginx = spawn('/usr/sbin/nginx', ['-p', prefix, '-c', conf, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] })
  for (const stream of [nginx.stdout!, nginx.stderr!]) stream.on('data', (chunk: Buffer) => nginxOutput.push(chunk.toString()))
  await msUntil(`nginx on ${nginxOrigin} (${nginxOutput.join('')})`, Date.now(), async () => (await get(`${nginxOrigin}/health`)).ok, 10_000)
}

needsSystemPackages('redis', 'nginx')
beforeAll(async () => {
  buildSiteOnce()
  redis = await startLocalRedis()
  // The first account is an admin; ravi publishes too.
  for (const account of ['asha', 'ravi']) await command(['editor-user', 'add', account, ...(account === 'ravi' ? ['--role', 'publisher'] : [])], {}, `${PASSWORD}\n`)
  instances.push(...(await Promise.all(['one', 'two', 'three'].map((name) => startServerInstance(name, instanceEnv(name))))))
  await startNginx(instances.map((instance) => `127.0.0.1:${instance.port}`))
}, 120_000)

afterAll(async () => {
  if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve))
    nginx.kill('SIGQUIT') // nginx's graceful stop, to its master's pid
    await exited
  }
  await Promise.all(instances.map((instance) => instance.kill('SIGTERM')))
  await redis?.stop()
  rmSync(temp, { recursive: true, force: true })
})

describe('publishing with three instances on one Redis', () => {
  let asha: EditorSession

  it('serves a publish on one instance from every instance within seconds (the design’s 5 s, printed): a changed title and a new page with its alias', async () => {
    const [one] = instances
    asha = await signIn(one!.baseUrl, 'asha', PASSWORD)
    // A first version, so there is one to roll back to later; every instance settles on it first.
    const built = await loadDocument(one!.baseUrl, asha)
    published.first = await publish(one!.baseUrl, asha, { version: built.version, config: withRoute(built.config, '/about', { title: TITLES.first }) })
    for (const instance of instances) await msUntil(`${instance.name} on the first version`, Date.now(), async () => (await titleOf(`${instance.baseUrl}/about`)) === TITLES.first)

    const current = await loadDocument(one!.baseUrl, asha)
    expect(current.version).toBe(published.first)
    const config = withNewPage(withRoute(current.config, '/about', { title: TITLES.second }))
    published.second = await publish(one!.baseUrl, asha, { version: current.version, config })
    const answeredAt = Date.now()
    const figures = await Promise.all(instances.map((instance) => msUntil(`${instance.name} on the second version`, answeredAt, () => servesSecondVersion(instance.baseUrl))))
    console.log(
      `[publishing instances] publish → served (title and new page) on ${instances.map((instance, n) => `${instance.name} ${figures[n]} ms`).join(', ')} (${withinDesign(figures)})`,
    )
    for (const [n, ms] of figures.entries()) expect(ms, instances[n]!.name).toBeLessThan(EVERY_INSTANCE_MS)

    for (const instance of instances) {
      const alias = await get(`${instance.baseUrl}${NEW_PAGE.alias}?from=alias`)
      expect([instance.name, alias.status, alias.headers.get('location')]).toEqual([instance.name, 301, `${NEW_PAGE.path}?from=alias`])
      expect(await titleOf(`${instance.baseUrl}${NEW_PAGE.path}`)).toBe(NEW_PAGE.title)
    }
  }, 90_000)

  it('starts a fourth instance, started after the publish, on the current version', async () => {
    expect(published.second).toBeDefined()
    const startedAt = Date.now()
    const four = await startServerInstance('four', instanceEnv('four'))
    instances.push(four)
    console.log(`[publishing instances] a fourth instance ready in ${Date.now() - startedAt} ms (built the current version first)`)
    // Its very first answers, not eventually.
    expect(await titleOf(`${four.baseUrl}/about`)).toBe(TITLES.second)
    expect((await get(`${four.baseUrl}${NEW_PAGE.path}`)).status).toBe(200)
    expect((await get(`${four.baseUrl}${NEW_PAGE.alias}`)).status).toBe(301)
  }, 90_000)

  it('serves through nginx the new page and its alias with no nginx step, hashed assets from disk, and the editor’s sign-in', async () => {
    expect(published.second).toBeDefined()
    // nginx was configured before the page existed and has not been touched since.
    const page = await get(`${nginxOrigin}${NEW_PAGE.path}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/) // from Node, with nginx's request id
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    const html = await page.text()
    expect(html).toContain(`<title>${NEW_PAGE.title} |`)
    const alias = await get(`${nginxOrigin}${NEW_PAGE.alias}?from=nginx`)
    expect([alias.status, alias.headers.get('location')]).toEqual([301, `${NEW_PAGE.path}?from=nginx`])
    expect(await titleOf(`${nginxOrigin}/about`)).toBe(TITLES.second)

    // Every hashed script and style the new page names: from nginx's disk (no Node request id), cached for a year.
    const assets = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)(?=")/g)].map(([path]) => path))]
    expect(assets.length).toBeGreaterThan(0)
    for (const asset of assets) {
      const answer = await get(`${nginxOrigin}${asset}`)
      expect([asset, answer.status, answer.headers.get('cache-control'), answer.headers.get('x-request-id')]).toEqual([asset, 200, 'public, max-age=31536000, immutable', null])
    }
    // The shared data a page's React islands start from (the contact page's form) is the published
    // version's (its route table has the new page), written by the publish and not on nginx's disk:
    // from Node, cached for a year all the same.
    const contactHtml = await (await get(`${nginxOrigin}/contact`)).text()
    const shared = /"shared":"(\/assets\/site-[\w-]+\.json)"/.exec(contactHtml)?.[1]
    expect(shared).toBeDefined()
    const sharedAnswer = await get(`${nginxOrigin}${shared}`)
    expect([sharedAnswer.status, sharedAnswer.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable'])
    expect(JSON.stringify(await sharedAnswer.json())).toContain(NEW_PAGE.path)

    // The sign-in and a signed-in change request, from nginx's origin, landing on any of the instances.
    const ravi = await signIn(nginxOrigin, 'ravi', PASSWORD)
    for (let n = 0; n < 3; n += 1) {
      const document = await loadDocument(nginxOrigin, ravi)
      expect(document.version).toBe(published.second)
      const checked = await post(nginxOrigin, ravi, 'check', document)
      expect([checked.status, checked.body.problems]).toEqual([200, []])
    }
    // Another site's page is still refused through the proxy.
    const forged = await fetch(`${nginxOrigin}/_editor/api/check`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', cookie: ravi.cookie, 'x-csrf-token': ravi.csrfToken, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(forged.status).toBe(403)
  }, 90_000)

  it('shows a draft through a preview link made on one instance from every instance and through nginx, never cached: once revoked, the same address is refused', async () => {
    const [one, two] = instances
    const api = editorClient(one!.baseUrl)
    const made = await api.change(asha, '/_editor/api/drafts', { name: 'A draft to show the owner' })
    expect(made.status).toBe(201)
    const { draft } = (await made.json()) as { draft: { id: string; config: SiteConfig } }
    const about = draft.config.routes.findIndex((route) => route.path === '/about')
    const saved = await api.change(asha, `/_editor/api/drafts/${draft.id}/save`, {
      revision: 0,
      writes: [{ path: ['routes', about, 'title'], value: 'About Us, in a draft only' }],
    })
    expect(saved.status).toBe(200)
    const linked = await api.change(asha, `/_editor/api/drafts/${draft.id}/preview-links`, {})
    expect(linked.status).toBe(201)
    const { url, link } = (await linked.json()) as { url: string; link: { id: string } }
    const address = new URL(url).pathname + 'about'

    // Each instance builds the draft's preview the first time it is asked (and the drafts are in Redis).
    for (const origin of [two!.baseUrl, nginxOrigin]) {
      const shown = await fetch(`${origin}${address}`)
      expect([origin, shown.status, shown.headers.get('cache-control'), shown.headers.get('x-robots-tag')]).toEqual([origin, 200, 'no-store, private', 'noindex, nofollow'])
      expect(await shown.text()).toContain('<title>About Us, in a draft only')
    }
    expect(await titleOf(`${nginxOrigin}/about`)).not.toBe('About Us, in a draft only')

    const revoked = await api.change(asha, `/_editor/api/drafts/${draft.id}/preview-links/revoke`, { link: link.id })
    expect(revoked.status).toBe(200)
    // nginx kept nothing: the address it showed a moment ago is refused now, on every instance.
    for (const origin of [nginxOrigin, two!.baseUrl]) {
      const refused = await fetch(`${origin}${address}`)
      expect([origin, refused.status, refused.headers.get('cache-control')]).toEqual([origin, 410, 'no-store, private'])
      expect(await refused.text()).not.toContain('About Us, in a draft only')
    }
    expect((await api.change(asha, `/_editor/api/drafts/${draft.id}/delete`, {})).status).toBe(200)
  }, 120_000)

  it('lets exactly one of two authors publishing at once on different instances win; the other gets 409 naming the winner', async () => {
    const [one, two] = instances
    const ravi = await signIn(two!.baseUrl, 'ravi', PASSWORD)
    const [ashaDocument, raviDocument] = await Promise.all([loadDocument(one!.baseUrl, asha), loadDocument(two!.baseUrl, ravi)])
    expect(ashaDocument.version).toBe(raviDocument.version)
    const versionsBefore = await listedVersions()

    const answers = await Promise.all([
      post(one!.baseUrl, asha, 'save', { version: ashaDocument.version, config: withRoute(ashaDocument.config, '/services', { title: 'Services by Asha' }) }),
      post(two!.baseUrl, ravi, 'save', { version: raviDocument.version, config: withRoute(raviDocument.config, '/industries', { title: 'Industries by Ravi' }) }),
    ])
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, 409])
    const winnerAt = answers.findIndex((answer) => answer.status === 200)
    const winner = { account: winnerAt === 0 ? 'asha' : 'ravi', version: answers[winnerAt]!.body.version! }
    const loser = answers[1 - winnerAt]!
    expect(loser.body.conflict).toBe(true)
    expect(loser.body.current).toMatchObject({ id: winner.version, author: winner.account })
    expect(loser.body.message).toContain(winner.account)
    expect(loser.body.message).toContain(winner.version)
    console.log(`[publishing instances] conflict: ${winner.account} won; the other was told: ${loser.body.message}`)

    const versionsAfter = await listedVersions()
    expect(versionsAfter.length).toBe(versionsBefore.length + 1)
    expect(versionsAfter[0]).toBe(`* ${winner.version}`)
    // Every instance serves the winner's change, and nobody's other change.
    const winnerPage = winner.account === 'asha' ? ['/services', 'Services by Asha'] : ['/industries', 'Industries by Ravi']
    const loserPage = winner.account === 'asha' ? '/industries' : '/services'
    const since = Date.now()
    for (const instance of instances) {
      await msUntil(`${instance.name} on the winner's version`, since, async () => (await titleOf(`${instance.baseUrl}${winnerPage[0]}`)) === winnerPage[1], EVERY_INSTANCE_MS)
      expect(await titleOf(`${instance.baseUrl}${loserPage}`)).not.toMatch(/by (Asha|Ravi)/)
    }
  }, 90_000)

  it('serves a rollback by the versions command on every instance within seconds (the design’s 5 s, printed): the new page and its alias gone', async () => {
    expect(published.first).toBeDefined()
    const done = await command(['site-versions', 'rollback', published.first!, '--as', 'operator'], { REDIS_URL: redis.url, CONTENT_DIR: join(temp, 'command') })
    expect(done.stdout).toContain(`the text of ${published.first} again`)
    const answeredAt = Date.now()
    const rolledBack = async (origin: string) => {
      const [title, page, alias] = await Promise.all([titleOf(`${origin}/about`), get(`${origin}${NEW_PAGE.path}`), get(`${origin}${NEW_PAGE.alias}`)])
      return title === TITLES.first && page.status === 404 && alias.status === 404
    }
    const figures = await Promise.all(instances.map((instance) => msUntil(`${instance.name} rolled back`, answeredAt, () => rolledBack(instance.baseUrl))))
    console.log(`[publishing instances] rollback command → served on ${instances.map((instance, n) => `${instance.name} ${figures[n]} ms`).join(', ')} (${withinDesign(figures)})`)
    for (const [n, ms] of figures.entries()) expect(ms, instances[n]!.name).toBeLessThan(EVERY_INSTANCE_MS)
    // Through nginx too, untouched: the page and the alias are unknown paths again.
    expect(await rolledBack(nginxOrigin)).toBe(true)
  }, 90_000)
})

/** `site-versions list`'s lines (newest first, `*` marks the current one), each cut to its marker and id. */
async function listedVersions(): Promise<string[]> {
  const { stdout } = await command(['site-versions', 'list'], { REDIS_URL: redis.url, CONTENT_DIR: join(temp, 'command') })
  return stdout
    .split('\n')
    .filter((line) => /^[* ] \d{8}T\d{6}Z/.test(line))
    .map((line) => line.slice(0, 18))
}
