import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkPageBudgets } from '../../scripts/lib/page-budgets.ts'
import type { PageBudget } from '../../site/page-budgets.ts'

const KB = 1024
const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** A built site in miniature: files given as their served (brotli) sizes through their .br copies, as the build writes them. */
function fakeDist(files: Record<string, string | number>): string {
  const dist = mkdtempSync(join(tmpdir(), 'page-budgets-'))
  dirs.push(dist)
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, name)), { recursive: true })
    if (typeof content === 'string') writeFileSync(join(dist, name), content)
    else if (/\.(br|avif|jpg)$/.test(name)) writeFileSync(join(dist, name), Buffer.alloc(content))
    else {
      writeFileSync(join(dist, name), 'x')
      writeFileSync(join(dist, `${name}.br`), Buffer.alloc(content))
    }
  }
  return dist
}

/** The page as the content build writes it: the start-up script names the page's chunks and imports the entry. */
const page = (chunks: string[], main: string) =>
  `<!doctype html><html><head><script type="module">for (const href of ${JSON.stringify(chunks.map((file) => `/${file}`))}) preload(href); import("/assets/index.js")</script></head>` +
  `<body><header><img src="/images/logo.svg" alt="" width="32" height="32"></header><main id="main">${main}</main></body></html>`

const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'blocks/hero/Hero.tsx': { file: 'assets/Hero.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
}

const budget: PageBudget = { javaScript: 100 * KB, htmlAndCss: 14 * KB, scriptRequests: 8, picturesAboveTheFold: 100 * KB }

function site(overrides: { html?: string; pictureBytes?: number; blockBytes?: number } = {}) {
  const heroBlock =
    '<section><section><picture><source type="image/avif" srcset="/images/a-640.avif 640w, /images/a-1280.avif 1280w"><img src="/images/a.jpg" alt=""></picture></section></section>'
  const secondBlock = '<section><img src="/images/below.jpg" alt=""></section>'
  return fakeDist({
    '.vite/manifest.json': JSON.stringify(manifest),
    '.site-routes.json': JSON.stringify([{ path: '/' }, { path: '/about' }]),
    'index.html': overrides.html ?? page(['assets/Hero.js'], heroBlock + secondBlock),
    'index.html.br': 10 * KB,
    'about/index.html': page([], '<section>text</section>'),
    'about/index.html.br': 5 * KB,
    'assets/index.js': 60 * KB,
    'assets/react.js': 20 * KB,
    'assets/Hero.js': overrides.blockBytes ?? 10 * KB,
    'assets/shared.js': 5 * KB,
    'images/logo.svg': 1 * KB,
    'images/a-640.avif': 30 * KB,
    'images/a-1280.avif': overrides.pictureBytes ?? 60 * KB,
    'images/a.jpg': 400 * KB,
    'images/below.jpg': 900 * KB,
  })
}

describe('the page budget checker', () => {
  it('says nothing of a site whose every page is within its budget', () => {
    expect(checkPageBudgets(site(), { default: budget, routes: {} })).toEqual([])
  })

  it('names the page, the figure, its budget and the parts of JavaScript over it: the entry with its imports, and the blocks', () => {
    const over = checkPageBudgets(site({ blockBytes: 40 * KB }), { default: budget, routes: {} })
    // 60 + 20 (entry and its import) + 40 + 5 (block and its import) = 125 KB
    expect(over).toEqual(['/: JavaScript 125.0 KB brotli over its 100 KB budget (entry 80.0 KB, blocks 45.0 KB)'])
  })

  it('counts the script requests the page makes before idle', () => {
    const over = checkPageBudgets(site(), { default: { ...budget, scriptRequests: 3 }, routes: {} })
    expect(over).toEqual(['/: 4 script requests before idle, over its budget of 3'])
  })

  it('weighs the HTML as served (brotli)', () => {
    const over = checkPageBudgets(site(), { default: { ...budget, htmlAndCss: 8 * KB }, routes: {} })
    expect(over).toEqual(['/: HTML and CSS 10.0 KB brotli over its 8 KB budget (HTML 10.0 KB, linked CSS 0.0 KB)'])
  })

  it('weighs the pictures of the first screen only: the logo and the first block, each picture by its largest file in the format offered first', () => {
    // 1 KB logo + 61 KB AVIF at 1280w: not the 400 KB JPEG fallback, not the 900 KB picture of the second block.
    const over = checkPageBudgets(site({ pictureBytes: 61 * KB }), { default: { ...budget, picturesAboveTheFold: 50 * KB }, routes: {} })
    expect(over).toEqual(['/: pictures above the fold 62.0 KB over its 50 KB budget'])
  })

  it("holds a route to its own budget where it has one, and the others to the default's", () => {
    const budgets = { default: budget, routes: { '/about': { htmlAndCss: 4 * KB } } }
    expect(checkPageBudgets(site(), budgets)).toEqual(['/about: HTML and CSS 5.0 KB brotli over its 4 KB budget (HTML 5.0 KB, linked CSS 0.0 KB)'])
  })

  it('weighs no file outside the built site a picture address climbs out to', () => {
    const climbing = page([], '<section><img src="/../../../etc/passwd" alt=""></section>')
    expect(checkPageBudgets(site({ html: climbing }), { default: { ...budget, picturesAboveTheFold: 1 * KB }, routes: {} })).toEqual([])
  })
})
