import fs from 'node:fs'
import path from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { startMediaSite, type MediaSite } from './support/media-site.ts'
import { statusOfGrowingBody } from './support/raw-http.ts'

/**
 * The media library answers only the editor's own page on this machine, takes no file larger than
 * 10 MB, and deletes only a picture that neither the unsaved config nor the saved file uses.
 */
let site: MediaSite
beforeAll(async () => {
  site = await startMediaSite()
})
afterAll(() => site.stop())

const svgLogo = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 60"><rect width="160" height="60"/></svg>'
const savedConfig = () => JSON.parse(fs.readFileSync(site.configFile, 'utf8')) as SiteConfig
const remove = (src: string, config: unknown = savedConfig()) => request(site.origin).post('/_editor/api/media/delete').set('Origin', site.origin).send({ src, config })

describe('only the editor’s own page on this machine may change the library', () => {
  it.each([
    ['no Origin', undefined],
    ['another site’s Origin', 'https://attacker.example'],
    ['the same host on another port', 'http://127.0.0.1:1'],
  ])('an upload with %s is refused with 403 and stores nothing', async (_case, origin) => {
    const before = site.files()
    const call = request(site.origin).post('/_editor/api/media/upload').query({ folder: 'partners', name: 'x.svg' }).set('Content-Type', 'image/svg+xml')
    const answer = await (origin ? call.set('Origin', origin) : call).send(svgLogo)
    expect(answer.status).toBe(403)
    expect(site.files()).toEqual(before)
  })

  it('a delete from another Origin is refused and the file stays', async () => {
    const answer = await request(site.origin).post('/_editor/api/media/delete').set('Origin', 'https://attacker.example').send({ src: '/images/partners/zoom.svg', config: {} })
    expect(answer.status).toBe(403)
    expect(site.files()).toContain('/images/partners/zoom.svg')
  })

  it('a request from another machine is refused, even with the right Origin', async () => {
    const outside = await startMediaSite({ seenFromOutside: true })
    try {
      const listing = await request(outside.origin).get('/_editor/api/media')
      const upload = await outside.upload(svgLogo, { name: 'x.svg' })
      expect([listing.status, upload.status]).toEqual([403, 403])
      expect(outside.files()).not.toContain('/images/partners/x.svg')
    } finally {
      await outside.stop()
    }
  })

  it('answers an unknown media address with a JSON 404, and a GET of an upload with 405', async () => {
    const unknown = await request(site.origin).post('/_editor/api/media/constructor').set('Origin', site.origin).send({})
    expect([unknown.status, unknown.type]).toEqual([404, 'application/json'])
    const get = await request(site.origin).get('/_editor/api/media/upload')
    expect([get.status, get.headers.allow]).toEqual([405, 'POST'])
  })
})

describe('the upload size limit', () => {
  it('refuses a body declared larger than 10 MB before reading it', async () => {
    const answer = await site
      .upload('<svg/>', { name: 'big.svg' })
      .set('Content-Length', String(10 * 1024 * 1024 + 1))
      .catch((error: { response?: request.Response }) => error.response)
    expect(answer?.status).toBe(413)
    expect(answer?.body.message).toContain('larger than 10 MB')
  })

  it('refuses a body that grows past 10 MB without declaring its length', async () => {
    const url = `${site.origin}/_editor/api/media/upload?folder=partners&name=big.png`
    const status = await statusOfGrowingBody(url, { Origin: site.origin }, Buffer.alloc(1024 * 1024, 0x41), 11)
    expect(status).toBe(413)
    expect(site.files().filter((src) => src.includes('big'))).toEqual([])
  })
})

describe('deleting a picture', () => {
  it('is refused while the unsaved config uses it, naming the page and block', async () => {
    const answer = await remove('/images/partners/fortinet.svg')
    expect(answer.status).toBe(409)
    expect(answer.body.message).toMatch(/^\/images\/partners\/fortinet\.svg is in use, so it was not deleted\. It is shown at .*\(\/[^)]*\) › block \d+ \(logoStrip\)/)
    expect(site.files()).toContain('/images/partners/fortinet.svg')
  })

  it('is refused while only the saved file still uses it (the unsaved config no longer does)', async () => {
    const draft = savedConfig()
    delete (draft.site as { logo?: unknown }).logo
    const answer = await remove('/images/logo.svg', draft)
    expect(answer.status).toBe(409)
    expect(answer.body.message).toContain('The saved site.config.json still uses it at Site settings › logo: save your change first.')
    expect(site.files()).toContain('/images/logo.svg')
  })

  it('is refused when the unsaved config has started using a picture the saved file does not', async () => {
    const uploaded = await site.upload(svgLogo, { name: 'new-vendor.svg' })
    const draft = savedConfig()
    draft.site.logo = { src: uploaded.body.image.src, alt: 'New', width: 160, height: 60 }
    const answer = await remove(uploaded.body.image.src, draft)
    expect(answer.status).toBe(409)
    expect(answer.body.message).toContain('It is shown at Site settings › logo')
  })

  it('works for a picture nothing uses: the file is gone and the library no longer lists it', async () => {
    const uploaded = await site.upload(svgLogo, { name: 'unused.svg' })
    const answer = await remove(uploaded.body.image.src)
    expect(answer.status).toBe(200)
    expect(fs.existsSync(path.join(site.publicDir, 'images/partners/unused.svg'))).toBe(false)
    const library = await request(site.origin).get('/_editor/api/media')
    expect(library.body.images.map((image: { src: string }) => image.src)).not.toContain('/images/partners/unused.svg')
  })

  it.each(['/images/../site.config.json', '/images/partners/../../../site.config.json', '/site.config.json', '/images/partners/missing.svg'])(
    'refuses %s, which is not a picture of the library, with 404',
    async (src) => {
      const answer = await remove(src, {})
      expect(answer.status).toBe(404)
      expect(fs.existsSync(site.configFile)).toBe(true)
    },
  )

  it('none of these reached the error log as a 500', () => {
    expect(site.errorsLogged()).toEqual([])
  })
})
