import fs from 'node:fs'
import path from 'node:path'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import imageSchema from '../../schemas/defs/image.schema.json'
import { PICTURE_EXTENSIONS, SERVED_FILE_EXTENSIONS } from '../../authoring/check/asset-checks.ts'
import { createApp } from '../../server/compose/app.ts'
import { createLogger } from '../../ground/log.ts'
import { makeTinyDist } from './support/tiny-site.ts'

/** What a browser must be told for the files it renders or offers to open; octet-stream would download them. */
const EXPECTED: Record<string, RegExp> = {
  svg: /^image\/svg\+xml$/,
  png: /^image\/png$/,
  jpg: /^image\/jpeg$/,
  jpeg: /^image\/jpeg$/,
  webp: /^image\/webp$/,
  avif: /^image\/avif$/,
  gif: /^image\/gif$/,
  ico: /^image\/(x-icon|vnd\.microsoft\.icon)$/,
  pdf: /^application\/pdf$/,
  mp4: /^video\/mp4$/,
  webm: /^video\/webm$/,
  woff: /^font\/woff$/,
  woff2: /^font\/woff2$/,
  // What the build itself writes beside the pages.
  html: /^text\/html; charset=utf-8$/,
  js: /^text\/javascript; charset=utf-8$/,
  css: /^text\/css; charset=utf-8$/,
  json: /^application\/json; charset=utf-8$/,
  txt: /^text\/plain; charset=utf-8$/,
  xml: /^(application|text)\/xml/,
  webmanifest: /^application\/manifest\+json/,
}

describe('content types of static files', () => {
  it('names every extension the config may point at (the checker’s list) and the build writes', async () => {
    const dist = makeTinyDist()
    const extensions = [...new Set([...SERVED_FILE_EXTENSIONS, ...Object.keys(EXPECTED)])]
    for (const extension of extensions) fs.writeFileSync(path.join(dist, `file.${extension}`), '{}')
    const app = createApp({ distDir: dist, log: createLogger({ level: 'silent' }) })
    for (const extension of extensions) {
      const response = await request(app.callback()).get(`/file.${extension}`).set('Accept-Encoding', 'identity')
      expect(response.status, extension).toBe(200)
      expect(EXPECTED[extension], `an expectation for .${extension}`).toBeDefined()
      expect(response.headers['content-type'], extension).toMatch(EXPECTED[extension]!)
    }
    // Upper-case endings are the same file type.
    fs.writeFileSync(path.join(dist, 'PHOTO.JPEG'), '{}')
    const upper = await request(createApp({ distDir: dist, log: createLogger({ level: 'silent' }) }).callback()).get('/PHOTO.JPEG')
    expect(upper.headers['content-type']).toBe('image/jpeg')
  })

  it('covers every picture ending the image schema allows', () => {
    const pattern = new RegExp(imageSchema.properties.src.pattern)
    const candidates = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'avif', 'gif', 'ico', 'bmp', 'tif', 'tiff', 'heic', 'jxl']
    const allowed = candidates.filter((extension) => pattern.test(`/images/x.${extension}`))
    expect(allowed.length).toBeGreaterThan(3)
    for (const extension of allowed) expect(PICTURE_EXTENSIONS, extension).toContain(extension)
  })
})
