import { beforeAll, describe, expect, it } from 'vitest'
import { auditLines, HOST, ORIGIN, signedIn } from './support/editor-access-app.ts'
import { builtEditor, productionEditorApp } from './support/production-editor-app.ts'
import { createApp } from '../../server/compose/app.ts'
import { memoryLog } from '../../ground/log.ts'
import request from 'supertest'
import { makeTinyDist } from './support/tiny-site.ts'

/**
 * The visual editor as the production server answers it (EDITOR=on): the built pages and assets,
 * the API over the published version, the versions and the media library, all behind the real
 * sign-in, attacked without a session, from another site and without the CSRF token.
 */
let builtDir = ''
let app: Awaited<ReturnType<typeof productionEditorApp>>
let session: Awaited<ReturnType<typeof signedIn>>
let assetPaths: string[] = []

beforeAll(async () => {
  builtDir = await builtEditor()
  app = await productionEditorApp(builtDir)
  session = await signedIn(app.http)
  const page = await get('/_editor')
  assetPaths = [...page.text.matchAll(/(?:src|href)="(\/_editor\/assets\/[^"]+)"/g)].map((match) => match[1]!)
}, 60_000)

const get = (path: string, cookie = session.cookie) => app.http.get(path).set('Host', HOST).set('Cookie', cookie)
const post = (path: string, { origin = ORIGIN, token = session.csrfToken, cookie = session.cookie }: { origin?: string | null; token?: string | null; cookie?: string } = {}) => {
  const sent = app.http.post(path).set('Host', HOST).set('Cookie', cookie)
  if (origin) sent.set('Origin', origin)
  if (token) sent.set('X-CSRF-Token', token)
  return sent
}
const loadDocument = async () => (await get('/_editor/api/document')).body as { version: string; config: { routes: { path: string; title: string }[] }; mode: string }
const withHomeTitle = (config: { routes: { path: string; title: string }[] }, title: string) => ({
  ...config,
  routes: config.routes.map((route) => (route.path === '/' ? { ...route, title } : route)),
})

/** The editor's own addresses of a page, a block and a screen (editor/server/editor-paths.ts): each is the editor's page. */
const DEEP = ['/_editor/page/about?block=3', '/_editor/page/', '/_editor/screen/menu']
const PAGES = ['/_editor', '/_editor/', '/_editor/preview', ...DEEP]
const READS = ['/_editor/api/document', '/_editor/api/versions', '/_editor/api/versions/current/config', '/_editor/api/versions/v1/config', '/_editor/api/media']
const CHANGES = [
  '/_editor/api/check',
  '/_editor/api/save',
  '/_editor/api/new-page',
  '/_editor/api/versions/v1/rollback',
  '/_editor/api/media/upload?folder=partners&kind=logo&name=x.svg',
  '/_editor/api/media/delete',
]

describe('without a session, nothing of the editor answers', () => {
  it('pages and assets send the browser to the sign-in; the API answers 401', async () => {
    expect(assetPaths.length).toBeGreaterThan(3)
    for (const path of [...PAGES, ...assetPaths]) {
      const answer = await get(path, '')
      expect([path, answer.status, answer.headers.location]).toEqual([path, 303, `/_editor/sign-in?next=${encodeURIComponent(path)}`])
    }
    for (const path of READS) expect([path, (await get(path, '')).status]).toEqual([path, 401])
    for (const path of CHANGES) expect([path, (await post(path, { cookie: '', token: 'guessed' }).send({})).status]).toEqual([path, 401])
    // A session cookie that was never issued is no session.
    expect((await get('/_editor/api/document', 'editor_session=made-up')).status).toBe(401)
    expect(app.publisher.saves).toEqual([])
  })
})

describe('a signed-in change is taken only from the editor itself', () => {
  it('refuses every change from another site, with no Origin, or without the session’s CSRF token', async () => {
    const { version, config } = await loadDocument()
    const body = { version, config: withHomeTitle(config, 'Forged') }
    for (const path of CHANGES) {
      expect([path, (await post(path, { origin: 'https://evil.example' }).send(body)).status]).toEqual([path, 403])
      expect([path, (await post(path, { origin: null }).send(body)).status]).toEqual([path, 403])
      expect([path, (await post(path, { token: null }).send(body)).status]).toEqual([path, 403])
      expect([path, (await post(path, { token: `${session.csrfToken.slice(0, -2)}xx` }).send(body)).status]).toEqual([path, 403])
    }
    expect(app.publisher.saves).toEqual([])
    expect(app.publisher.rollbacks).toEqual([])
    expect(app.media.changes).toEqual([])
  })
})

describe('signed in, the editor works on the published version', () => {
  it('serves the editor page with its own strict policy, no inline script, and its assets for a year', async () => {
    const page = await get('/_editor')
    expect(page.status).toBe(200)
    expect(page.type).toBe('text/html')
    const policy = page.headers['content-security-policy']
    expect(policy).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'",
    )
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['x-frame-options']).toBe('DENY')
    // Every script is a file of /_editor/assets: nothing inline the policy would have to allow.
    for (const [, attributes = '', text] of page.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(attributes).toMatch(/src="\/_editor\/assets\//)
      expect(text).toBe('')
    }
    for (const path of assetPaths) {
      const asset = await get(path)
      expect([path, asset.status]).toEqual([path, 200])
      expect(asset.headers['cache-control']).toBe('private, max-age=31536000, immutable')
      expect(asset.type).toBe(path.endsWith('.css') ? 'text/css' : 'text/javascript')
    }
    expect((await get('/_editor/assets/no-such-file.js')).status).toBe(404)
    expect((await get('/_editor/assets/..%2Findex.html')).status).toBe(404)
  })

  it('answers an address of a page, a block or a screen with the editor’s page, so a reload or a shared link opens it there', async () => {
    const front = await get('/_editor')
    for (const path of DEEP) {
      const page = await get(path)
      expect([path, page.status, page.text]).toEqual([path, 200, front.text])
      expect(page.headers['content-security-policy']).toBe(front.headers['content-security-policy'])
    }
    for (const path of ['/_editor/pages/about', '/_editor/screenx', '/_editor/page%2F..%2Fapi%2Fdocument']) expect([path, (await get(path)).status]).toEqual([path, 404])
  })

  it('serves the preview page to be framed by the editor only', async () => {
    const preview = await get('/_editor/preview')
    expect(preview.status).toBe(200)
    expect(preview.text).toContain('<title>Page preview</title>')
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('loads the published document, and publishes a save as the signed-in account, keeping every untouched byte', async () => {
    const before = (await get('/_editor/api/versions/current/config')).text
    const { version, config, mode } = await loadDocument()
    expect(mode).toBe('publish')
    const saved = await post('/_editor/api/save').send({ version, config: withHomeTitle(config, 'Published from the editor') })
    expect([saved.status, saved.body.problems]).toEqual([200, []])
    expect(saved.headers['cache-control']).toBe('no-store')
    expect(app.publisher.saves.at(-1)).toEqual({ author: 'asha', version: saved.body.version })
    const after = (await get('/_editor/api/versions/current/config')).text
    const changed = before.split('\n').filter((line, index) => after.split('\n')[index] !== line)
    expect(changed).toHaveLength(1)
    expect(after).toContain('"Published from the editor"')
    expect(auditLines(app.entries).find((line) => line.event === 'publish')).toMatchObject({ account: 'asha', version: saved.body.version })

    // A second editor still on the first version is told who published meanwhile, and what.
    const stale = await post('/_editor/api/save').send({ version, config: withHomeTitle(config, 'Overwriting') })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ conflict: true, message: 'Someone published since you loaded the site.', current: { author: 'asha', summary: { site: ['site'] } } })
    expect((await get('/_editor/api/versions/current/config')).text).toBe(after)
  })

  it('lists the versions, rolls back as the signed-in account, and downloads a version as site.config.json', async () => {
    const listed = await get('/_editor/api/versions')
    expect(listed.status).toBe(200)
    const ids = (listed.body.versions as { id: string; author: string }[]).map((version) => version.id)
    expect(ids.at(-1)).toBe('v1')
    const rolledBack = await post('/_editor/api/versions/v1/rollback').send({})
    expect(rolledBack.status).toBe(200)
    expect(rolledBack.body.version).toMatchObject({ author: 'asha', rollbackOf: 'v1' })
    expect(app.publisher.rollbacks).toEqual([{ id: 'v1', author: 'asha' }])
    expect((await get('/_editor/api/versions')).body.versions[0].id).toBe(rolledBack.body.version.id)
    expect(auditLines(app.entries).find((line) => line.event === 'rollback')).toMatchObject({ account: 'asha', rollbackOf: 'v1' })

    const download = await get('/_editor/api/versions/v1/config')
    expect(download.status).toBe(200)
    expect(download.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(download.headers['content-disposition']).toBe('attachment; filename="site.config.json"')
    expect(download.text).toBe(app.publisher.published[0]!.text)
    expect((await get('/_editor/api/versions/v999/config')).status).toBe(404)
    expect((await post('/_editor/api/versions/v999/rollback').send({})).status).toBe(404)
    expect((await get('/_editor/api/versions/..%2F..%2Fetc/config')).status).toBe(404)
  })

  it('stores an upload through the injected picture folder', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" fill="#0040c5"/></svg>'
    const answer = await post('/_editor/api/media/upload?folder=partners&kind=logo&name=Zeta%20Networks.svg').set('Content-Type', 'application/octet-stream').send(Buffer.from(svg))
    expect(answer.status).toBe(201)
    expect(answer.body.image.src).toBe('/images/partners/zeta-networks.svg')
    expect(app.media.changes).toEqual(['create images/partners/zeta-networks.svg'])
    expect((await get('/_editor/api/media')).body.images.map((image: { src: string }) => image.src)).toContain('/images/partners/zeta-networks.svg')
  })

  it('answers the session to the editor’s script, and leaves the public pages’ headers as they were', async () => {
    const answer = await get('/_editor/api/session')
    expect(answer.body).toEqual({ account: 'asha', role: 'admin', csrfToken: session.csrfToken })
    const plain = request(createApp({ log: memoryLog().log, distDir: makeTinyDist() }).callback())
    const withEditor = await app.http.get('/').set('Host', HOST)
    const without = await plain.get('/').set('Host', HOST)
    for (const header of ['content-security-policy', 'x-frame-options', 'cache-control', 'referrer-policy'])
      expect([header, withEditor.headers[header]]).toEqual([header, without.headers[header]])
  })
})
