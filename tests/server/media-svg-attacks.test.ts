import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMediaSite, type MediaSite } from './support/media-site.ts'

/**
 * Hostile SVGs sent to the media library: each is refused with a 4xx in plain words, or stored
 * with nothing left that runs or loads, in whatever case or spelling it was written. The stored
 * file is checked as an HTML parser would read it (an SVG may one day be written into a page),
 * which matches names without regard to case.
 */
let site: MediaSite
beforeAll(async () => {
  site = await startMediaSite()
})
afterAll(() => site.stop())

const svg = (inside: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40"${attributes}>${inside}<rect width="120" height="40" fill="#0040c5"/></svg>`

/** Anything an HTML parser would run or fetch, in any case. */
const activeMarkup = /<\s*([a-z]+:)?(script|foreignobject|handler|iframe)|<[^>]*\son[a-z]+\s*=|javascript:|tracker\.example|@import|<!--|<!\[CDATA\[/i

describe('a file too deep or too large for svgo is refused before it is parsed', () => {
  it('5,000 nested groups: 422 in plain words, nothing stored, no 500', async () => {
    const before = site.files()
    const answer = await site.upload(svg(`${'<g>'.repeat(5000)}<circle r="1"/>${'</g>'.repeat(5000)}`), { name: 'deep.svg' })
    expect(answer.status).toBe(422)
    expect(answer.body.message).toMatch(/nests its elements more than 256 levels deep/)
    expect(site.files()).toEqual(before)
  })

  it('a deep nest hidden behind a quoted ">" and comments is counted all the same', async () => {
    const answer = await site.upload(svg(`${'<g data-x="a>b"><!-- <g/> -->'.repeat(300)}${'</g>'.repeat(300)}`), { name: 'hidden-deep.svg' })
    expect(answer.status).toBe(422)
    expect(answer.body.message).toContain('levels deep')
  })

  it('30,000 elements side by side: 422', async () => {
    const answer = await site.upload(svg('<rect width="1" height="1"/>'.repeat(30_000)), { name: 'many.svg' })
    expect(answer.status).toBe(422)
    expect(answer.body.message).toMatch(/more than 20,000 elements/)
  })

  it('a drawing 200 levels deep is still taken', async () => {
    const answer = await site.upload(svg(`${'<g>'.repeat(200)}<circle r="1"/>${'</g>'.repeat(200)}`), { name: 'nested.svg' })
    expect(answer.status).toBe(201)
  })
})

describe('what runs or loads is taken out in any case and spelling', () => {
  it.each([
    ['an upper-case <SCRIPT>', '<SCRIPT>alert(1)</SCRIPT>'],
    ['a mixed-case <Script>', '<Script type="text/javascript">alert(1)</Script>'],
    ['a prefixed <svg:script>', '<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'],
    ['a prefixed, upper-case <S:SCRIPT>', '<S:SCRIPT xmlns:S="http://www.w3.org/2000/svg">alert(1)</S:SCRIPT>'],
    ['a <foreignobject> in lower case', '<foreignobject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignobject>'],
    ['a <FOREIGNOBJECT>', '<FOREIGNOBJECT width="9" height="9"><p>hi</p></FOREIGNOBJECT>'],
    ['a <HANDLER>', '<HANDLER type="application/ecmascript">alert(1)</HANDLER>'],
    ['event handlers in mixed case', '<circle r="4" onLoad="alert(1)" ONCLICK="alert(2)" oNmOuSeOvEr="alert(3)"/>'],
    ['an xlink:HREF to javascript:', '<a xlink:HREF="javascript:alert(1)"><text>go</text></a>'],
    ['an HREF spelled with a character reference', '<a HREF="&#106;avascript:alert(1)"><text>go</text></a>'],
    ['an <image HREF> to another site', '<image HREF="https://tracker.example/pixel.png" width="1" height="1"/>'],
    ['an upper-case <SET> that writes an href', '<a href="#x"><SET ATTRIBUTENAME="href" to="javascript:alert(1)"/><text>go</text></a>'],
    ['an <animate> that writes an onclick', '<rect width="2" height="2"><animate attributeName="ONCLICK" to="alert(1)"/></rect>'],
    ['a <STYLE> that imports another file', '<STYLE>@import url(https://tracker.example/x.css);</STYLE>'],
    ['an @import inside CDATA', '<style><![CDATA[@import url("https://tracker.example/x.css");]]></style>'],
    ['a comment an HTML parser ends at once', '<!-- ><script>alert(1)</script> -->'],
    ['markup inside CDATA', '<text><![CDATA[<script>alert(1)</script><img src=x onerror=alert(1)>]]></text>'],
    ['markup written with entities', '<text>&lt;script&gt;alert(1)&lt;/script&gt;</text>'],
  ])('%s', async (_case, inside) => {
    const answer = await site.upload(svg(inside), { name: 'hostile.svg' })
    expect(answer.status).toBe(201)
    const stored = site.read(answer.body.image.src).toString()
    expect(stored).not.toMatch(activeMarkup)
    // What was text stays text: escaped, so no parser reads it as markup.
    if (inside.startsWith('<text>')) expect(stored).toContain('&lt;script&gt;')
  })

  it('an event handler on the outermost <svg>, in upper case', async () => {
    const answer = await site.upload(svg('', ' ONLOAD="alert(1)"'), { name: 'root-handler.svg' })
    expect(answer.status).toBe(201)
    expect(site.read(answer.body.image.src).toString()).not.toMatch(activeMarkup)
    expect(answer.body.notes.join(' ')).toContain('the ONLOAD attribute (a script)')
  })
})

describe('a plain logo', () => {
  const logo = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="240" height="80" viewBox="0 0 240 80">',
    '<title>Acme</title>',
    '<defs><linearGradient id="sky" x1="0" x2="1"><stop offset="0" stop-color="#0040c5"/><stop offset="1" stop-color="#00a0e0"/></linearGradient>',
    '<style>.mark { fill: url(#sky); } .word > tspan { fill: #222; }</style></defs>',
    '<g transform="translate(10 10)"><g><circle class="mark" cx="30" cy="30" r="30"/><use xlink:href="#dot" x="20"/></g>',
    '<path id="dot" d="M60 30 h20 v10 h-20 z" fill="#e03"/></g>',
    '<rect x="100" y="20" width="120" height="40" rx="8" fill="url(#sky)" opacity="0.8"/>',
    '</svg>',
  ].join('\n')

  it('is stored with nothing taken out and draws the same picture, pixel for pixel', async () => {
    const answer = await site.upload(logo, { name: 'Acme.svg' })
    expect(answer.status).toBe(201)
    expect(answer.body.notes.join(' ')).not.toContain('Taken out')
    expect(answer.body.image.size).toEqual({ width: 240, height: 80 })
    const stored = site.read(answer.body.image.src)
    const pixels = (file: Buffer | string) => sharp(Buffer.from(file)).raw().toBuffer()
    expect((await pixels(stored)).equals(await pixels(logo))).toBe(true)
  })

  it('none of the files above reached the error log as a 500', () => {
    expect(site.errorsLogged()).toEqual([])
  })
})
