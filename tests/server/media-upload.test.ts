import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMediaSite, type MediaSite } from './support/media-site.ts'

/**
 * The editor's media library takes pictures only: the format read from the bytes, raster files
 * decoded and encoded again at the size the site shows them, SVGs stripped of anything that runs
 * or loads; everything else refused with a reason, and nothing of a refused file stored.
 */
let site: MediaSite
beforeAll(async () => {
  site = await startMediaSite()
})
afterAll(() => site.stop())

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6f97' } })
const svg = (inside: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"${attributes}>${inside}<rect width="120" height="40" fill="#0040c5"/></svg>`

describe('a picture upload', () => {
  it('scales a 4000 × 3000 photo down to the largest size the site shows a picture, re-encoded as JPEG without its metadata', async () => {
    const photo = await solid(4000, 3000)
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Make: 'Pocket Camera', Artist: 'Someone' } })
      .toBuffer()
    const answer = await site.upload(photo, { name: 'Holiday Photo.JPEG', folder: 'blog', kind: 'picture' })
    expect(answer.status).toBe(201)
    expect(answer.body.image).toMatchObject({ src: '/images/blog/holiday-photo.jpg', folder: 'blog', size: { width: 1600, height: 1200 } })
    const stored = await sharp(site.read('/images/blog/holiday-photo.jpg')).metadata()
    expect([stored.format, stored.width, stored.height, stored.exif]).toEqual(['jpeg', 1600, 1200, undefined])
    expect(answer.body.notes.join(' ')).toContain('Scaled down from 4000 × 3000 to 1600 × 1200 px')
  })

  it('keeps a logo no larger than twice the strip’s height, and gives a second file of the same name a free one', async () => {
    const logo = await solid(900, 300).png().toBuffer()
    const first = await site.upload(logo, { name: 'Acme Logo.png' })
    const second = await site.upload(logo, { name: 'acme logo.PNG' })
    expect([first.status, second.status]).toEqual([201, 201])
    expect(first.body.image).toMatchObject({ src: '/images/partners/acme-logo.png', size: { width: 360, height: 120 } })
    expect(second.body.image.src).toBe('/images/partners/acme-logo-2.png')
    expect((await sharp(site.read('/images/partners/acme-logo-2.png')).metadata()).format).toBe('png')
  })

  it('stores an SVG with its size from the viewBox and lists it in the library at once', async () => {
    const answer = await site.upload(svg('<title>Zeta</title>'), { name: 'Zeta Networks.svg' })
    expect(answer.status).toBe(201)
    expect(answer.body.image).toMatchObject({ src: '/images/partners/zeta-networks.svg', size: { width: 120, height: 40 } })
    const library = await fetch(`${site.origin}/_editor/api/media`).then((response) => response.json())
    expect(library.images).toContainEqual(expect.objectContaining({ src: '/images/partners/zeta-networks.svg', size: { width: 120, height: 40 } }))
    expect(library.folders).toEqual(['', 'blog', 'clients', 'partners'])
  })

  it.each([
    ['../../evil.png', '/images/partners/evil.png'],
    ['..\\..\\x.png', '/images/partners/x.png'],
    ['%2e%2e%2f%2e%2e%2fsneaky.png', '/images/partners/sneaky.png'],
    ['Café Logo (Final) 2024.png', '/images/partners/cafe-logo-final-2024.png'],
    ['日本語.png', '/images/partners/picture.png'],
    ['logo.svg.png', '/images/partners/logo-svg.png'],
  ])('sent as %j, lands inside its folder as %s', async (name, src) => {
    const before = site.everyFile()
    const answer = await site.upload(await solid(40, 40).png().toBuffer(), { name })
    expect(answer.body.image.src).toBe(src)
    // The one new file in the whole site folder (where ../ from partners/ would have led) is that one.
    expect(site.everyFile().filter((file) => !before.includes(file))).toEqual([`public${src}`])
  })

  it('names the file by what it is, not by what it is called: a PNG called photo.jpg becomes photo.png', async () => {
    const answer = await site.upload(await solid(40, 40).png().toBuffer(), { name: 'photo.jpg' })
    expect(answer.body.image.src).toBe('/images/partners/photo.png')
  })

  it('refuses a folder that is not one of the library’s, whatever path it spells', async () => {
    for (const folder of ['../..', '/etc', 'partners/../..', 'missing']) {
      const answer = await site.upload(await solid(10, 10).png().toBuffer(), { name: 'x.png', folder })
      expect(answer.status).toBe(400)
      expect(answer.body.message).toContain('Choose one of the library’s folders')
    }
  })
})

describe('an SVG upload is stored inert and self-contained', () => {
  it('without its script and its event handlers', async () => {
    const answer = await site.upload(svg('<script>alert(document.cookie)</script><circle r="4" onclick="steal()"/>', ' onload="alert(1)"'), { name: 'scripted.svg' })
    expect(answer.status).toBe(201)
    const stored = site.read(answer.body.image.src).toString()
    expect(stored).not.toMatch(/script|alert|onload|onclick|steal/i)
    expect(stored).toContain('<circle r="4"/>')
    expect(answer.body.notes[0]).toContain('a <script> element')
  })

  it('without references to other files: hrefs, url() and @import', async () => {
    const inside = [
      '<image href="https://tracker.example/pixel.png" width="1" height="1"/>',
      '<use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="https://tracker.example/sprite.svg#icon"/>',
      '<rect width="4" height="4" style="fill: url(https://tracker.example/paint)"/>',
      '<style>@import url("https://tracker.example/x.css");</style>',
      '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://tracker.example/"/></foreignObject>',
      '<a href="javascript:alert(1)"><text>go</text></a>',
      '<linearGradient id="g"/><rect width="2" height="2" fill="url(#g)"/><use href="#g"/>',
    ].join('')
    const answer = await site.upload(svg(inside), { name: 'external.svg' })
    expect(answer.status).toBe(201)
    const stored = site.read(answer.body.image.src).toString()
    expect(stored).not.toMatch(/tracker\.example|javascript:|foreignObject|iframe|@import/)
    // Its own references stay: a gradient by #id, a <use> of an element of the same file.
    expect(stored).toContain('fill="url(#g)"')
    expect(stored).toContain('<use href="#g"/>')
  })

  it('refuses a DOCTYPE with entities (an XML bomb) before parsing it, and stores nothing', async () => {
    const lol = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level || ''};`.repeat(10)}">`)].join('')
    const before = site.files()
    const answer = await site.upload(`<?xml version="1.0"?><!DOCTYPE svg [${lol}]><svg xmlns="http://www.w3.org/2000/svg">&lol9;</svg>`, { name: 'bomb.svg' })
    expect(answer.status).toBe(422)
    expect(answer.body.message).toContain('DOCTYPE or ENTITY')
    expect(site.files()).toEqual(before)
  })

  it('refuses an external entity too', async () => {
    const answer = await site.upload('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>', { name: 'xxe.svg' })
    expect(answer.status).toBe(422)
  })
})

describe('what is not a picture is refused, and nothing of it stored', () => {
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(8), Buffer.from([2, 0, 0x3e, 0, 1, 0, 0, 0]), Buffer.alloc(200)])
  const pe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(200)])

  it.each([
    ['a Linux program named .png', elf, 'logo.png', 415, 'This file is a program'],
    ['a Windows program named .png', pe, 'logo.png', 415, 'This file is a program'],
    ['an HTML page named .svg', '<html><body><script>alert(1)</script></body></html>', 'logo.svg', 415, 'not an SVG'],
    ['an HTML page with its doctype named .svg', '<!DOCTYPE html><html><body>hi</body></html>', 'logo.svg', 422, 'DOCTYPE'],
    ['text that is not XML named .svg', 'just some words', 'logo.svg', 415, 'not well-formed XML'],
    ['an empty file', '', 'logo.png', 400, 'The file is empty'],
  ])('%s', async (_case, bytes, name, status, words) => {
    const before = site.files()
    const answer = await site.upload(bytes, { name })
    expect(answer.status).toBe(status)
    expect(answer.body.message).toContain(words)
    expect(site.files()).toEqual(before)
  })

  it('refuses a decompression bomb (a tiny PNG declaring 50000 × 50000 pixels) without decoding it', async () => {
    const bomb = await solid(8, 8).png().toBuffer()
    // The IHDR chunk's width and height, and its checksum so the header reads as valid.
    bomb.writeUInt32BE(50_000, 16)
    bomb.writeUInt32BE(50_000, 20)
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29)
    const started = process.memoryUsage().rss
    const answer = await site.upload(bomb, { name: 'huge.png' })
    expect(answer.status).toBe(413)
    expect(answer.body.message).toContain('more than 100 million pixels')
    // Decoding 2.5 billion pixels would take gigabytes.
    expect(process.memoryUsage().rss - started).toBeLessThan(200 * 1024 * 1024)
  })

  it('none of these reached the error log as a 500', () => {
    expect(site.errorsLogged()).toEqual([])
  })
})
