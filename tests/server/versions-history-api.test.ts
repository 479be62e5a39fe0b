import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import type { PageHistory, VersionChanges } from '../../site/version-changes.ts'
import { auditLines, HOST, ORIGIN, signedIn } from './support/editor-access-app.ts'
import { builtEditorStandIn, DEPLOYED_AT, productionEditorApp } from './support/production-editor-app.ts'

/**
 * A page's history and Restore this page, through the production editor's versions API behind the
 * real sign-in, and attacked: unknown versions, hostile addresses, no session, another site, a huge body.
 */
let app: Awaited<ReturnType<typeof productionEditorApp>>
let session: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
  app = await productionEditorApp(builtEditorStandIn())
  session = await signedIn(app.http)
}, 60_000)

const get = (address: string, cookie = session.cookie) => app.http.get(address).set('Host', HOST).set('Cookie', cookie)
const post = (
  address: string,
  { origin = ORIGIN, token = session.csrfToken, cookie = session.cookie }: { origin?: string | null; token?: string | null; cookie?: string } = {},
) => {
  const sent = app.http.post(address).set('Host', HOST).set('Cookie', cookie)
  if (origin) sent.set('Origin', origin)
  if (token) sent.set('X-CSRF-Token', token)
  return sent
}
const document = async () => (await get('/_editor/api/document')).body as { version: string; config: SiteConfig }
/** The published config, and the id of the version current (a restore's base). */
const current = async () => ({ config: (await document()).config, version: (await get('/_editor/api/versions')).body.versions[0].id as string })
type Slides = { slides: Array<{ title: string }> }
const homeHeading = (config: SiteConfig) => (config.routes.find((route) => route.path === '/')!.blocks[0] as unknown as Slides).slides[0]!.title
const aboutTitle = (config: SiteConfig) => config.routes.find((route) => route.path === '/about')!.title

/** Publishes an edit of the published config, as the editor's Publish does; the new version's id. */
async function publishEdit(edit: (config: SiteConfig) => void): Promise<string> {
  const { version, config } = await document()
  edit(config)
  const saved = await post('/_editor/api/save').send({ version, config })
  expect(saved.status).toBe(200)
  return (await current()).version
}

// Each publish runs the checker on the whole config in its thread: seconds on a busy machine, so the bound is wide.
describe('the site as deployed, and each page’s history', { timeout: 60_000 }, () => {
  let oldHeading = ''
  let homeVersion = ''
  let aboutVersion = ''

  it('lists the site as deployed after the versions, with its build’s date', async () => {
    const listed = await get('/_editor/api/versions')
    expect(listed.status).toBe(200)
    expect(listed.body.deployed).toEqual({ id: 'deployed', builtAt: DEPLOYED_AT })
  })

  it('gives Home’s history: the version that changed its heading, old and new words, and Home as deployed; not the About change', async () => {
    oldHeading = homeHeading((await current()).config)
    homeVersion = await publishEdit(
      (config) => void ((config.routes.find((route) => route.path === '/')!.blocks[0] as unknown as Slides).slides[0]!.title = 'Cyber Security That Never Sleeps, for you'),
    )
    aboutVersion = await publishEdit((config) => void (config.routes.find((route) => route.path === '/about')!.title = 'About Eastbridge, newer'))
    const answer = await get('/_editor/api/versions/history?page=/')
    expect(answer.status).toBe(200)
    const history = answer.body as PageHistory
    expect(history.current).toBe(aboutVersion)
    expect(history.entries.map((entry) => entry.version.id)).toEqual([homeVersion])
    expect(history.entries[0]!.change!.blocks).toMatchObject([
      {
        kind: 'changed',
        index: 0,
        block: { type: 'heroCarousel' },
        fields: [{ path: ['slides', 0, 'title'], before: oldHeading, after: 'Cyber Security That Never Sleeps, for you' }],
      },
    ])
    expect(history.deployed).toEqual({ id: 'deployed', builtAt: DEPLOYED_AT, page: '/' })

    const changes = await get(`/_editor/api/versions/${aboutVersion}/changes`)
    expect(changes.status).toBe(200)
    expect((changes.body.changes as VersionChanges).pages.map((page) => [page.path, page.fields])).toEqual([
      ['/about', [{ path: ['title'], before: 'About Us', after: 'About Eastbridge, newer' }]],
    ])
    expect((await get('/_editor/api/versions/v999/changes')).status).toBe(404)
  })

  it('restores Home as it was, as a new version by the signed-in account, leaving About’s new words, and audits it', async () => {
    const restored = await post('/_editor/api/versions/v1/restore-page').send({ page: '/', into: '/', base: aboutVersion })
    expect(restored.status).toBe(200)
    expect(restored.body.version).toMatchObject({ author: 'asha', restoredPage: { path: '/', from: 'v1' } })
    const { version, config } = await current()
    expect(version).toBe(restored.body.version.id)
    expect(homeHeading(config)).toBe(oldHeading)
    expect(aboutTitle(config)).toBe('About Eastbridge, newer')
    expect(auditLines(app.entries).find((line) => line.event === 'restore-page')).toMatchObject({ account: 'asha', version, page: '/', restoredFrom: 'v1' })

    // Read on a version no longer current: the conflict, with who published since; nothing published.
    const stale = await post('/_editor/api/versions/v1/restore-page').send({ page: '/about', base: aboutVersion })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ conflict: true, current: { id: version } })
    const nothing = await post('/_editor/api/versions/v1/restore-page').send({ page: '/', base: version })
    expect([nothing.status, nothing.body.message]).toEqual([422, `Nothing to restore: “${config.routes[0]!.title}” is already exactly as it was in that version.`])
    expect((await current()).version).toBe(version)
  })

  it('restores from the site as deployed, rolls the whole site back to it, and downloads it', async () => {
    const { version } = await current()
    const restored = await post('/_editor/api/versions/deployed/restore-page').send({ page: '/about', base: version })
    expect(restored.status).toBe(200)
    expect(aboutTitle((await current()).config)).toBe('About Us')
    const rolledBack = await post('/_editor/api/versions/deployed/rollback').send({})
    expect([rolledBack.status, rolledBack.body.version.rollbackOf]).toEqual([200, 'deployed'])
    const download = await get('/_editor/api/versions/deployed/config')
    expect(download.text).toBe(app.publisher.published[0]!.text)
  })
})

describe('the history and restore API, attacked', { timeout: 60_000 }, () => {
  const hostilePages = ['', 'about', '../../etc/passwd', '/..%2f..', '/a b', '/about?x=1', `/${'a'.repeat(400)}`, 'x'.repeat(20_000), 5, null, {}, ['/'], true]

  it('refuses hostile page addresses, bases and version ids in words, and publishes nothing', async () => {
    const before = app.publisher.published.length
    const { version } = await current()
    for (const page of hostilePages) {
      const answer = await post('/_editor/api/versions/v1/restore-page').send({ page, base: version })
      expect([JSON.stringify(page).slice(0, 40), answer.status, answer.body.message]).toEqual([
        JSON.stringify(page).slice(0, 40),
        400,
        'Name the page by its address, as its settings show it (/about).',
      ])
      expect((await post('/_editor/api/versions/v1/restore-page').send({ page: '/', into: page, base: version })).status).toBe(400)
    }
    for (const base of [5, {}, ['v1'], true]) expect((await post('/_editor/api/versions/v1/restore-page').send({ page: '/', base })).status).toBe(400)
    // Well formed, but no such page or version: 404 in words.
    for (const page of ['/__proto__', '/constructor', '/no-such-page']) expect((await post('/_editor/api/versions/v1/restore-page').send({ page, base: version })).status).toBe(404)
    expect((await post('/_editor/api/versions/v1/restore-page').send({ page: '/', into: '/nowhere', base: version })).status).toBe(404)
    for (const id of ['v999', '20000101T000000Z', '__proto__', 'constructor', 'toString'])
      expect([id, (await post(`/_editor/api/versions/${id}/restore-page`).send({ page: '/', base: version })).status]).toEqual([id, 404])
    for (const address of ['/_editor/api/versions/..%2F..%2Fetc/restore-page', '/_editor/api/versions/current/restore-page', '/_editor/api/versions//restore-page'])
      expect([address, (await post(address).send({ page: '/', base: version })).status]).toEqual([address, 404])
    expect(app.publisher.published.length).toBe(before)
  })

  it('refuses bodies that are not JSON, too large, or sent with the wrong method', async () => {
    const { version } = await current()
    const address = '/_editor/api/versions/v1/restore-page'
    expect((await post(address).set('Content-Type', 'text/plain').send('page=/')).status).toBe(415)
    expect((await post(address).set('Content-Type', 'application/json').send('{"page": "/"')).status).toBe(400)
    const huge = await post(address)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ page: '/', base: version, padding: 'x'.repeat(2 * 1024 * 1024) }))
    expect(huge.status).toBe(413)
    expect((await get(address)).status).toBe(405)
    expect((await post('/_editor/api/versions/history?page=/').send({})).status).toBe(405)
    expect((await current()).version).toBe(version)
  })

  it('answers a history only for a page address, once', async () => {
    for (const query of ['', '?page=', '?page=../../etc/passwd', '?page=/a&page=/b', `?page=/${'a'.repeat(400)}`])
      expect([query, (await get(`/_editor/api/versions/history${query}`)).status]).toEqual([query, 400])
    const unknown = await get('/_editor/api/versions/history?page=/__proto__')
    expect([unknown.status, unknown.body.entries, unknown.body.deployed.page]).toEqual([200, [], null])
  })

  it('answers nothing without a session, and takes no restore from another site or without the CSRF token', async () => {
    const { version } = await current()
    const before = app.publisher.published.length
    for (const address of ['/_editor/api/versions/history?page=/', '/_editor/api/versions/v1/changes']) expect([address, (await get(address, '')).status]).toEqual([address, 401])
    const restore = '/_editor/api/versions/v1/restore-page'
    const body = { page: '/about', base: version }
    expect((await post(restore, { cookie: '', token: 'guessed' }).send(body)).status).toBe(401)
    expect((await post(restore, { origin: 'https://evil.example' }).send(body)).status).toBe(403)
    expect((await post(restore, { origin: null }).send(body)).status).toBe(403)
    expect((await post(restore, { token: null }).send(body)).status).toBe(403)
    expect(app.publisher.published.length).toBe(before)
  })
})
