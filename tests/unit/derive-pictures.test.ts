import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { derivePictures } from '../../content/derive-pictures'
import type { Block } from '../../site/generated/site-config'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'derive-pictures-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

const section = (src: string) => ({ type: 'textSection', heading: 'Story', paragraphs: ['p'], layout: 'twoColumns', image: { src, alt: 'x', width: 552, height: 414 } }) as Block
const photo = (width: number, height: number, colour = '#3366aa') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

/** A site folder with the given files under images/, and a fresh one to derive into each time. */
function siteWith(files: Record<string, Buffer | string>): string {
  const dir = fs.mkdtempSync(path.join(work, 'site-'))
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), body)
  }
  return dir
}

let jpeg: Buffer
beforeAll(async () => {
  jpeg = await photo(1000, 750)
})

describe('deriving a site’s raster pictures', () => {
  it('writes each width of its slot in AVIF and WebP, named by its path and bytes, never wider than the original', async () => {
    const siteDir = siteWith({ 'images/about/team.jpg': jpeg })
    const warnings: string[] = []
    const result = await derivePictures({ blocks: [section('/images/about/team.jpg')], siteDir, cacheDir: path.join(work, 'cache-a'), warn: (message) => warnings.push(message) })
    expect(warnings).toEqual([])
    const picture = result.derived['/images/about/team.jpg']!
    expect(picture).toMatchObject({ width: 1000, height: 750, widths: [400, 552, 800, 1000] })
    expect(picture.base).toMatch(/^\/assets\/pictures\/images\/about\/team-[0-9a-f]{12}$/)
    expect(result.files).toHaveLength(8)
    expect(result.encoded).toBe(8)
    for (const width of picture.widths) {
      for (const [format, sharpName] of [
        ['avif', 'heif'],
        ['webp', 'webp'],
      ] as const) {
        const meta = await sharp(path.join(siteDir, `${picture.base}-${width}w.${format}`)).metadata()
        expect([meta.format, meta.width, meta.height]).toEqual([sharpName, width, Math.round((width * 750) / 1000)])
      }
    }
    // The original is left as it is.
    expect(fs.readFileSync(path.join(siteDir, 'images/about/team.jpg')).equals(jpeg)).toBe(true)
  })

  it('encodes nothing the second time: the same bytes come from the cache, or from the site built before', async () => {
    const cacheDir = path.join(work, 'cache-b')
    const blocks = [section('/images/team.jpg')]
    const first = await derivePictures({ blocks, siteDir: siteWith({ 'images/team.jpg': jpeg }), cacheDir, warn: () => {} })
    expect(first.encoded).toBe(8)
    const againDir = siteWith({ 'images/team.jpg': jpeg })
    const again = await derivePictures({ blocks, siteDir: againDir, cacheDir, warn: () => {} })
    expect(again.encoded).toBe(0)
    expect(again.derived).toEqual(first.derived)
    for (const file of again.files) expect(fs.existsSync(path.join(againDir, file))).toBe(true)
    const onto = await derivePictures({ blocks, siteDir: siteWith({ 'images/team.jpg': jpeg }), cacheDir: path.join(work, 'cache-empty'), earlierDir: againDir, warn: () => {} })
    expect(onto.encoded).toBe(0)
    // Other bytes under the same name: other files, encoded anew.
    const changed = await derivePictures({ blocks, siteDir: siteWith({ 'images/team.jpg': await photo(1000, 750, '#aa3333') }), cacheDir, warn: () => {} })
    expect(changed.encoded).toBe(8)
    expect(changed.derived['/images/team.jpg']!.base).not.toBe(first.derived['/images/team.jpg']!.base)
  })

  it('leaves an SVG as it is, and derives nothing from it', async () => {
    const siteDir = siteWith({ 'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>' })
    const result = await derivePictures({ blocks: [section('/images/logo.svg')], siteDir, cacheDir: path.join(work, 'cache-c'), warn: () => {} })
    expect(result).toEqual({ derived: {}, files: [], encoded: 0 })
    expect(fs.existsSync(path.join(siteDir, 'assets'))).toBe(false)
  })

  it('goes on past a corrupt picture, a huge one and a missing one, each shown as it is with a warning that names it', async () => {
    // A PNG whose header claims 60000 × 60000 pixels (3.6 billion): never decoded.
    const huge = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    huge.writeUInt32BE(60_000, 16)
    huge.writeUInt32BE(60_000, 20)
    const siteDir = siteWith({ 'images/broken.jpg': jpeg.subarray(0, 600), 'images/huge.png': huge, 'images/fine.jpg': jpeg, 'images/noise.webp': 'not a picture at all' })
    const warnings: string[] = []
    const blocks = ['/images/broken.jpg', '/images/huge.png', '/images/gone.jpg', '/images/noise.webp', '/images/fine.jpg'].map(section)
    const result = await derivePictures({ blocks, siteDir, cacheDir: path.join(work, 'cache-d'), warn: (message) => warnings.push(message) })
    expect(Object.keys(result.derived)).toEqual(['/images/fine.jpg'])
    expect(warnings).toHaveLength(4)
    for (const name of ['broken.jpg', 'huge.png', 'gone.jpg', 'noise.webp']) expect(warnings.join('\n')).toContain(`/images/${name}`)
    expect(warnings.find((warning) => warning.includes('huge.png'))).toMatch(/pixel/i)
  })
})
