import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { auditLines, HOST, ORIGIN, signedIn } from './support/editor-access-app.ts'
import { builtEditorStandIn, productionEditorApp } from './support/production-editor-app.ts'

/**
 * Preview links through the production server: made from a draft by anyone signed in, opened with
 * no session, marked as a preview and never cached nor indexed; attacked: tampered, expired,
 * revoked, another draft's, a path out of the draft's site, a write.
 */
const DAY = 24 * 60 * 60 * 1000
/** The preview site's clock (the API makes links by the real one): moved past a link's end to see it refused. */
let clock = Date.now()
let app: Awaited<ReturnType<typeof productionEditorApp>>
let asha: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
  app = await productionEditorApp(builtEditorStandIn(), { now: () => clock })
  asha = await signedIn(app.http)
}, 60_000)

const get = (address: string) => app.http.get(address).set('Host', HOST).set('Cookie', asha.cookie)
const post = (address: string, body: unknown = {}) =>
  app.http
    .post(address)
    .set('Host', HOST)
    .set('Cookie', asha.cookie)
    .set('Origin', ORIGIN)
    .set('X-CSRF-Token', asha.csrfToken)
    .send(body as object)
/** Someone with the link and nothing else: no cookie. */
const visit = (url: string) => app.http.get(new URL(url).pathname).set('Host', HOST)

type Draft = { id: string; config: SiteConfig }
async function draftWithAbout(title: string): Promise<Draft> {
  const draft = (await post('/_editor/api/drafts', { name: `Draft ${title}` })).body.draft as Draft
  const about = draft.config.routes.findIndex((route) => route.path === '/about')
  expect((await post(`/_editor/api/drafts/${draft.id}/save`, { revision: 0, writes: [{ path: ['routes', about, 'title'], value: title }] })).status).toBe(200)
  return draft
}
async function linkTo(draft: Draft): Promise<{ url: string; link: { id: string; expiresAt: string } }> {
  const made = await post(`/_editor/api/drafts/${draft.id}/preview-links`)
  expect(made.status).toBe(201)
  return made.body
}

describe('a preview link', () => {
  it('shows the draft’s pages to someone without an account, marked as a preview, noindex and never cached', async () => {
    const draft = await draftWithAbout('About, in the draft')
    const { url, link } = await linkTo(draft)
    expect(Math.abs(Date.parse(link.expiresAt) - (Date.now() + 7 * DAY))).toBeLessThan(60_000)
    const token = new URL(url).pathname.split('/')[2]!
    // 256 random bits after the draft's id, and only its hash is kept.
    expect(token).toMatch(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/)
    // Neither the token nor its hash is in any answer of the drafts' API once made.
    const answers = await Promise.all([
      get(`/_editor/api/drafts/${draft.id}`),
      get(`/_editor/api/drafts/${draft.id}/preview-links`),
      get('/_editor/api/drafts'),
      post(`/_editor/api/drafts/${draft.id}/save`, { revision: 1, writes: [] }),
      post(`/_editor/api/drafts/${draft.id}/ask-review`, { note: '' }),
    ])
    for (const answered of answers) {
      expect(answered.status).toBe(200)
      expect(JSON.stringify(answered.body)).not.toMatch(new RegExp(`${token.split('.')[1]}|tokenHash`))
    }

    const page = await visit(`${url}about`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('<title>About, in the draft</title>')
    expect(page.text).toMatch(/data-preview-banner[^>]*>Preview of the draft “Draft About, in the draft”, not published/)
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(page.headers['cache-control']).toBe('no-store, private')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    // The live site is unchanged.
    expect((await app.http.get('/about').set('Host', HOST)).text).not.toContain('About, in the draft')
    expect((await visit(url)).status).toBe(200)
    expect(auditLines(app.entries)).toContainEqual(expect.objectContaining({ event: 'preview-link-create', draft: draft.id, link: link.id }))
  })

  it('shows the draft as saved since: a new revision is built anew', async () => {
    const draft = await draftWithAbout('First words')
    const { url } = await linkTo(draft)
    expect((await visit(`${url}about`)).text).toContain('First words')
    const about = draft.config.routes.findIndex((route) => route.path === '/about')
    await post(`/_editor/api/drafts/${draft.id}/save`, { revision: 1, writes: [{ path: ['routes', about, 'title'], value: 'Second words' }] })
    expect((await visit(`${url}about`)).text).toContain('Second words')
  })

  it('is refused in plain words once revoked, and once expired', async () => {
    const draft = await draftWithAbout('Soon gone')
    const { url, link } = await linkTo(draft)
    const revoked = await post(`/_editor/api/drafts/${draft.id}/preview-links/revoke`, { link: link.id })
    expect(revoked.status).toBe(200)
    expect(revoked.body.link.revokedAt).toBeTruthy()
    const refused = await visit(`${url}about`)
    expect(refused.status).toBe(410)
    expect(refused.text).toContain('This preview link was revoked')
    expect(refused.text).not.toContain('Soon gone')
    expect(refused.headers['cache-control']).toBe('no-store, private')

    const later = await linkTo(draft)
    expect((await visit(later.url)).status).toBe(200)
    clock = Date.now() + 7 * DAY + 60_000
    const expired = await visit(later.url)
    expect(expired.status).toBe(410)
    expect(expired.text).toContain('This preview link has expired')
    clock = Date.now()
  })

  it('opens nothing when tampered with, cut short, or another draft’s id is put in front of its secret', async () => {
    const mine = await draftWithAbout('Mine')
    const other = await draftWithAbout('Other')
    const { url } = await linkTo(mine)
    const token = new URL(url).pathname.split('/')[2]!
    const [, secret] = token.split('.')
    const flipped = `${secret!.slice(0, -1)}${secret!.endsWith('A') ? 'B' : 'A'}`
    for (const forged of [`${mine.id}.${flipped}`, token.slice(0, -2), `${other.id}.${secret}`, `${mine.id}`, 'x'.repeat(5000)]) {
      const answer = await app.http.get(`/_preview/${forged}/about`).set('Host', HOST)
      expect(answer.status, forged.slice(0, 40)).toBe(404)
      expect(answer.text).toContain('This preview link is not valid')
      expect(answer.text).not.toMatch(/Mine|Other/)
    }
  })

  it('serves only the draft’s own pages: a path out of its site, a file of the server, a write are refused', async () => {
    const draft = await draftWithAbout('Contained')
    const { url } = await linkTo(draft)
    const base = new URL(url).pathname
    for (const address of [`${base}../../package.json`, `${base}..%2f..%2fpackage.json`, `${base}.site-routes.json`, `${base}%2e%2e/%2e%2e/etc/passwd`, `${base}nowhere`]) {
      const answer = await app.http.get(address).set('Host', HOST)
      expect([400, 404]).toContain(answer.status)
      expect(answer.text).not.toContain('"name"')
      expect(answer.text).not.toContain('root:')
    }
    const written = await app.http.post(`${base}about`).set('Host', HOST).send({})
    expect(written.status).toBe(405)
  })

  it('lets only the signed-in make or revoke links, and the deleted draft’s links open nothing', async () => {
    const draft = await draftWithAbout('Deleted soon')
    const { url } = await linkTo(draft)
    const stranger = await app.http.post(`/_editor/api/drafts/${draft.id}/preview-links`).set('Host', HOST).set('Origin', ORIGIN).send({})
    expect(stranger.status).toBe(401)
    await post(`/_editor/api/drafts/${draft.id}/delete`)
    const gone = await visit(url)
    expect(gone.status).toBe(410)
    expect(gone.text).toContain('published or deleted')
  })
})
