import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSignedInEditor, HOST, signedIn } from './support/editor-access-app.ts'
import { startMediaSite, type MediaSite } from './support/media-site.ts'
import { builtEditor, productionEditorApp } from './support/production-editor-app.ts'

/**
 * The editor's pictures (/_editor/pictures/…): the library's pictures, an upload not yet
 * published included, shown to the editor's own pages only, and nothing else whatever the address.
 */
let app: Awaited<ReturnType<typeof productionEditorApp>>
let session: Awaited<ReturnType<typeof signedIn>>
let devSite: MediaSite

beforeAll(async () => {
  app = await productionEditorApp(await builtEditor())
  session = await signedIn(app.http)
  devSite = await startMediaSite()
}, 60_000)
afterAll(() => devSite?.stop())

const get = (address: string, cookie = session.cookie) => app.http.get(address).set('Host', HOST).set('Cookie', cookie)
const svgLogo = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50"><rect width="200" height="50" fill="#fff"/></svg>'

/** A GET sent exactly as written: no client tidies its dots away. */
function rawGet(origin: string, address: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}/`, { path: address }, (answer) => {
        let body = ''
        answer.on('data', (chunk: Buffer) => (body += chunk.toString()))
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

describe('the signed-in editor sees the library’s pictures', () => {
  it('answers a picture of the build with its bytes and type, kept by the browser only and checked each time', async () => {
    const answer = await get('/_editor/pictures/partners/fortinet.svg').buffer(true)
    expect([answer.status, answer.type]).toEqual([200, 'image/svg+xml'])
    expect(answer.body).toEqual(fs.readFileSync(path.join(app.publicDir, 'images/partners/fortinet.svg')))
    expect(answer.headers['cache-control']).toBe('private, no-cache')
    const again = await get('/_editor/pictures/partners/fortinet.svg').set('If-None-Match', answer.headers.etag!)
    expect(again.status).toBe(304)
  })

  it('shows an upload at once, before any publish, where the config will name it', async () => {
    const upload = await asSignedInEditor(app.http.post('/_editor/api/media/upload?folder=partners&kind=logo&name=White%20Vendor.svg'), session)
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.from(svgLogo))
    expect(upload.status).toBe(201)
    expect((upload.body as { image: { src: string } }).image.src).toBe('/images/partners/white-vendor.svg')
    expect(app.publisher.saves).toEqual([])
    const shown = await get('/_editor/pictures/partners/white-vendor.svg').buffer(true)
    expect([shown.status, shown.body.toString()]).toEqual([200, fs.readFileSync(path.join(app.publicDir, 'images/partners/white-vendor.svg'), 'utf8')])
  })

  it('runs and loads nothing when a picture is opened on its own, and lends it to no other site', async () => {
    const { headers } = await get('/_editor/pictures/partners/fortinet.svg')
    expect(headers['content-security-policy']).toMatch(/^default-src 'none';.* sandbox;/)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['cross-origin-resource-policy']).toBe('same-origin')
  })
})

describe('nobody else sees them, and nothing else is answered', () => {
  it('sends a visitor without a session to the sign-in, with no picture', async () => {
    const answer = await get('/_editor/pictures/partners/fortinet.svg', '')
    expect([answer.status, answer.headers.location]).toEqual([303, `/_editor/sign-in?next=${encodeURIComponent('/_editor/pictures/partners/fortinet.svg')}`])
    expect(answer.text).not.toContain('<svg')
    expect((await get('/_editor/pictures/partners/fortinet.svg', 'editor_session=made-up')).status).toBe(303)
  })

  it.each([
    ['an encoded climb out of the folder', '/_editor/pictures/..%2F..%2Fsite.config.json'],
    ['encoded dots', '/_editor/pictures/partners/%2e%2e/%2e%2e/%2e%2e/site.config.json'],
    ['backslashes', '/_editor/pictures/..%5C..%5Csite.config.json'],
    ['a NUL after a real name', '/_editor/pictures/partners/fortinet.svg%00.txt'],
    ['an absolute path', '/_editor/pictures//etc/passwd'],
    ['markup for a name', '/_editor/pictures/partners/%3Cscript%3Ealert(1)%3C%2Fscript%3E.svg'],
    ['a broken encoding', '/_editor/pictures/partners/%E0%A4%A.svg'],
    ['a folder named like a picture', '/_editor/pictures/trap.png'],
    ['a file of the public folder outside its pictures', '/_editor/pictures/..%2Ffavicon.svg'],
    ['a picture under another name’s case', '/_editor/pictures/partners/FORTINET.svg'],
  ])('answers %s with 404', async (_case, address) => {
    fs.mkdirSync(path.join(app.publicDir, 'images/trap.png'), { recursive: true })
    const answer = await get(address)
    expect([answer.status, answer.headers['content-type']]).toEqual([404, 'text/plain; charset=utf-8'])
  })

  it('answers only GET and HEAD', async () => {
    expect((await app.http.head('/_editor/pictures/partners/fortinet.svg').set('Host', HOST).set('Cookie', session.cookie)).status).toBe(200)
    const put = await asSignedInEditor(app.http.put('/_editor/pictures/partners/fortinet.svg'), session)
    expect([put.status, put.headers.allow]).toEqual([405, 'GET, HEAD'])
  })
})

describe('under npm run dev', () => {
  it('shows the library’s pictures on this machine, and a climb out of the folder gets nothing', async () => {
    const answer = await request(devSite.origin).get('/_editor/pictures/partners/fortinet.svg')
    expect([answer.status, answer.type]).toEqual([200, 'image/svg+xml'])
    for (const address of ['/_editor/pictures/../../site.config.json', '/_editor/pictures/../../../package.json']) {
      const raw = await rawGet(devSite.origin, address)
      expect([address, raw.status, raw.body.includes('routes')]).toEqual([address, 404, false])
    }
  })

  it('answers no other machine', async () => {
    const outside = await startMediaSite({ seenFromOutside: true })
    try {
      expect((await request(outside.origin).get('/_editor/pictures/partners/fortinet.svg')).status).toBe(403)
    } finally {
      await outside.stop()
    }
  })
})
