// @vitest-environment node
/**
 * Pictures sized for the screen, as a visitor's browser gets them from a content build: raster
 * pictures named by the config come with AVIF and WebP copies at the widths their blocks show them,
 * served with their types and cached for a year; the first screen's picture loads first, the others
 * lazily; a build with the same pictures encodes nothing. Needs `npm run build`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'
import { loadBuiltSite } from '../../server/static/load-site.ts'

const command = join(root, 'build', 'server', 'content-build.js')
const work = mkdtempSync(join(tmpdir(), 'picture-build-'))
const pictures = join(work, 'pictures')
const cache = join(work, 'cache')
const configFile = join(work, 'site.config.json')
const PICTURES = { lead: '/images/test/lead.jpg', card: '/images/test/card.png', story: '/images/test/story.jpg' }

const contentBuild = (out: string) =>
  spawnSync(process.execPath, [command, configFile, '--out', out, '--pictures', pictures, '--picture-cache', cache, '--checked'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  })

/** Each `<picture>` of a page: its sources' types, srcsets and sizes, and its `<img>` tag. */
function picturesIn(html: string) {
  return [...html.matchAll(/<picture[^>]*>(.*?)<\/picture>/g)].map(([, inner]) => ({
    sources: [...inner!.matchAll(/<source type="([^"]+)" srcSet="([^"]+)" sizes="([^"]+)"\/>/g)].map(([, type, srcset, sizes]) => ({
      type: type!,
      sizes: sizes!,
      candidates: srcset!.split(', ').map((candidate) => ({ url: candidate.split(' ')[0]!, width: Number(candidate.split(' ')[1]!.slice(0, -1)) })),
    })),
    img: /<img[^>]*>/.exec(inner!)![0],
  }))
}
const imgOf = (html: string, src: string) => new RegExp(`<img[^>]*src="${src}"[^>]*>`).exec(html)?.[0] ?? ''

let first: ReturnType<typeof contentBuild>
const out = join(work, 'first')

beforeAll(async () => {
  if (!existsSync(command) || !existsSync(join(root, 'dist', '.site-content-files.json'))) throw new Error('These tests run the build: `npm run build` first (npm test does).')
  mkdirSync(join(pictures, 'images', 'test'), { recursive: true })
  const drawn = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a5599' } })
  writeFileSync(join(pictures, PICTURES.lead.slice(1)), await drawn(1600, 1200).jpeg().toBuffer())
  writeFileSync(join(pictures, PICTURES.card.slice(1)), await drawn(1280, 720).png().toBuffer())
  writeFileSync(join(pictures, PICTURES.story.slice(1)), await drawn(1120, 840).jpeg().toBuffer())
  const config = JSON.parse(readFileSync(join(root, 'site.config.json'), 'utf8'))
  const route = (path: string) => config.routes.find((candidate: { path: string }) => candidate.path === path)
  // The blog page starts with a picture (its first screen's), and its first card shows a PNG; the About page's story a JPEG further down.
  const blog = route('/resources/blog')
  blog.blocks.unshift({
    type: 'textSection',
    heading: 'Our blog',
    paragraphs: ['What we learn.'],
    layout: 'twoColumns',
    image: { src: PICTURES.lead, alt: 'The team', width: 552, height: 414 },
  })
  blog.blocks[2].articles[0].image = { src: PICTURES.card, alt: 'A card', width: 640, height: 360 }
  route('/about').blocks[1].image = { src: PICTURES.story, alt: 'Our story', width: 560, height: 420 }
  writeFileSync(configFile, JSON.stringify(config, null, 2))
  first = contentBuild(out)
}, 120_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('a built page’s pictures', () => {
  it('lists AVIF then WebP sources at the widths the block shows them, each a file of the build with its type, width and a year’s cache', async () => {
    expect(first.stderr).toBe('')
    expect(first.status).toBe(0)
    const html = readFileSync(join(out, 'resources', 'blog', 'index.html'), 'utf8')
    const shown = picturesIn(html)
    expect(shown).toHaveLength(2)
    const site = loadBuiltSite(out)
    for (const picture of shown) {
      expect(picture.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp'])
      for (const source of picture.sources) {
        for (const { url, width } of source.candidates) {
          const served = site.files.get(url)
          expect(served, url).toBeDefined()
          expect(served!.type).toBe(source.type)
          expect(served!.immutable).toBe(true)
          const meta = await sharp(served!.body).metadata()
          expect([meta.format, meta.width]).toEqual([source.type === 'image/avif' ? 'heif' : 'webp', width])
        }
      }
      // Width and height always set: the page keeps its layout while the picture loads.
      expect(picture.img).toMatch(/ width="\d+" height="\d+"/)
    }
    expect(shown[0]!.sources[0]!.candidates.map((candidate) => candidate.width)).toEqual([400, 552, 800, 1104])
    expect(shown[0]!.sources[0]!.sizes).toBe('(max-width: 62em) calc(100vw - 2.5rem), 552px')
    // Never wider than the original (1280 px): its own width stands in for 2 × 700.
    expect(shown[1]!.sources[1]!.candidates.map((candidate) => candidate.width)).toEqual([381, 700, 762, 1280])
    // The original stays the fallback, untouched.
    expect(readFileSync(join(out, PICTURES.lead.slice(1))).equals(readFileSync(join(pictures, PICTURES.lead.slice(1))))).toBe(true)
  })

  it('loads the first screen’s picture at once and first, and every other picture lazily', () => {
    const blog = readFileSync(join(out, 'resources', 'blog', 'index.html'), 'utf8')
    const lead = imgOf(blog, PICTURES.lead)
    // HTML's attribute names know no case: React writes fetchPriority.
    expect(lead).toMatch(/ fetchpriority="high"/i)
    expect(lead).not.toContain('loading=')
    expect(imgOf(blog, PICTURES.card)).toContain('loading="lazy"')
    const about = readFileSync(join(out, 'about', 'index.html'), 'utf8')
    expect(imgOf(about, PICTURES.story)).toContain('loading="lazy"')
    expect(imgOf(about, PICTURES.story)).not.toMatch(/fetchpriority/i)
    // An SVG is left as it is: a plain <img>, no derived copy.
    const svgPage = readFileSync(join(out, 'security_solutions', 'NDR_Solutions', 'index.html'), 'utf8')
    expect(svgPage).toMatch(/<img[^>]*src="\/images\/[^"]+\.svg"/)
    expect(svgPage).not.toContain('<picture')
  })

  it('gives a client-side navigation the same sources: the page’s data carries its own pictures only', () => {
    const data = JSON.parse(readFileSync(join(out, 'page-data', 'page-resources-blog.json'), 'utf8'))
    expect(Object.keys(data.pictures.derived).sort()).toEqual([PICTURES.card, PICTURES.lead].sort())
    expect(data.pictures.lcp).toBe(PICTURES.lead)
  })

  it('encodes nothing in a second build with the same pictures, and says so', () => {
    expect(first.stdout).toMatch(/3 pictures resized \(([1-9]\d*) files encoded, the rest kept from before\)\./)
    const again = contentBuild(join(work, 'again'))
    expect(again.status).toBe(0)
    expect(again.stdout).toContain('3 pictures resized (0 files encoded, the rest kept from before).')
    expect(readFileSync(join(work, 'again', 'resources', 'blog', 'index.html'), 'utf8')).toBe(readFileSync(join(out, 'resources', 'blog', 'index.html'), 'utf8'))
  })
})
