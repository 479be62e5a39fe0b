/**
 * `npm run bench:size`: for every prerendered page in dist/, the brotli-compressed bytes a visitor
 * downloads before the page is interactive: the HTML (stylesheets are inlined into it; any still
 * linked are counted beside it), and the
 * JavaScript it loads at start (entry script and modulepreloads). Targets (design.md): HTML + CSS
 * about 14 KB, JavaScript at most 100 KB. A benchmark: it prints figures and never fails on them.
 */
import fs from 'node:fs'
import path from 'node:path'
import { distDir } from '../lib/paths.ts'
import { ensureBuild } from '../lib/ensure-build.ts'

if (!process.argv.includes('--no-build')) ensureBuild(console.log)

const compressedSize = (file: string) => fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size
const sumOf = (html: string, pattern: RegExp) =>
  [...new Set([...html.matchAll(pattern)].map((match) => match[1]!))].reduce((sum, href) => sum + compressedSize(path.join(distDir, href)), 0)

const pages = fs
  .readdirSync(distDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html') && !file.startsWith('.'))
  .sort()
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const rows = [['page', 'HTML', 'linked CSS', 'HTML+CSS', 'JS']]
let worst = { htmlCss: 0, js: 0 }
for (const page of pages) {
  const file = path.join(distDir, page)
  const html = fs.readFileSync(file, 'utf8')
  const htmlBytes = compressedSize(file)
  const css = sumOf(html, /<link rel="stylesheet"(?![^>]*disabled)[^>]*href="(\/[^"]+)"/g)
  // The start-up script lists the entry and the page's chunks it requests after the first paint.
  const js = sumOf(html, /"(\/assets\/[^"]+\.js)"/g)
  worst = { htmlCss: Math.max(worst.htmlCss, htmlBytes + css), js: Math.max(worst.js, js) }
  rows.push([`/${page.replace(/(^|\/)index\.html$/, '')}`, kb(htmlBytes), kb(css), kb(htmlBytes + css), kb(js)])
}
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '))
console.log(`\nlargest HTML + render-blocking CSS: ${kb(worst.htmlCss)} (target about 14 KB); largest start-up JavaScript: ${kb(worst.js)} (target ≤ 100 KB), brotli`)
