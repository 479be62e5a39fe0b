import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/compose/app.ts'
import { createLogger } from '../../ground/log.ts'
import { makeTinyDist as makeDist } from './support/tiny-site.ts'

describe('static site serving', () => {
  let app: ReturnType<typeof createApp>
  beforeAll(() => {
    app = createApp({ distDir: makeDist(), log: createLogger({ level: 'silent' }) })
  })

  it('serves each prerendered page with 200 and revalidation caching', async () => {
    const response = await request(app.callback()).get('/contact').set('Accept-Encoding', 'identity')
    expect(response.status).toBe(200)
    expect(response.text).toContain('Contact Us')
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers.etag).toBeTruthy()
  })

  it('answers 304 when the browser already has the current page', async () => {
    const first = await request(app.callback()).get('/').set('Accept-Encoding', 'identity')
    const second = await request(app.callback()).get('/').set('If-None-Match', first.headers.etag!)
    expect(second.status).toBe(304)
  })

  it('serves hashed assets as immutable for a year, brotli or gzip as the browser accepts', async () => {
    const br = await request(app.callback()).get('/assets/index-AbC123.js').set('Accept-Encoding', 'gzip, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toContain('Accept-Encoding')
    const gzip = await request(app.callback()).get('/assets/index-AbC123.js').set('Accept-Encoding', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.text).toBe('console.log("app")')
  })

  it("serves a page's content module (named by its path, not its content) with revalidation caching, as the page itself", async () => {
    const response = await request(app.callback()).get('/page-data/page-about.js').set('Accept-Encoding', 'identity')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toContain('text/javascript')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers.etag).toBeTruthy()
  })

  it('redirects other spellings of a page permanently to its canonical path, keeping the query', async () => {
    for (const [from, to] of [
      ['/Contact', '/contact'],
      ['/CONTACT/', '/contact'],
      ['/contact/', '/contact'],
      ['/Managed_services_solutions?ref=menu', '/managed_services_solutions?ref=menu'],
    ]) {
      const response = await request(app.callback()).get(from!)
      expect(response.status, from).toBe(301)
      expect(response.headers.location, from).toBe(to)
    }
  })

  it('answers unknown paths with the 404 page and status 404', async () => {
    const response = await request(app.callback()).get('/services/it-consulting').set('Accept-Encoding', 'identity')
    expect(response.status).toBe(404)
    expect(response.text).toContain('Page Not Found')
    expect(response.headers['content-type']).toContain('text/html')
  })

  it('never serves the build’s private files', async () => {
    expect((await request(app.callback()).get('/.site-routes.json')).status).toBe(404)
  })

  it('answers GET /health with 200 and JSON', async () => {
    const response = await request(app.callback()).get('/health')
    expect(response.status).toBe(200)
    expect(response.body.status).toBe('ok')
    expect(response.headers['cache-control']).toBe('no-store')
  })
})
