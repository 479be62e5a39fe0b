/**
 * `npm run bench:size`: for every page of the built site, what a visitor's first load costs as
 * its budget counts it (scripts/lib/page-budgets.ts, budgets in site/page-budgets.ts): the HTML
 * (stylesheets are inlined into it; any still linked are counted beside it), the JavaScript loaded
 * before the page is idle and its number of scripts, and the pictures above the fold, all brotli as
 * served. A benchmark: it prints figures and never fails on them (the deploy test page-budgets does).
 */
import fs from 'node:fs'
import path from 'node:path'
import { distDir } from '../lib/paths.ts'
import { ensureBuild } from '../lib/ensure-build.ts'
import { pageFigures } from '../lib/page-budgets.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import { budgetOf } from '../../site/page-budgets.ts'

if (!process.argv.includes('--no-build')) ensureBuild(console.log)

const routes = JSON.parse(fs.readFileSync(path.join(distDir, builtSiteFiles.routes), 'utf8')) as { path: string }[]
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const rows = [['page', 'HTML', 'linked CSS', 'HTML+CSS', 'JS', 'scripts', 'pictures above the fold']]
let worst = { htmlAndCss: 0, javaScript: 0 }
for (const { path: page } of routes) {
  const figures = pageFigures(distDir, page)
  worst = { htmlAndCss: Math.max(worst.htmlAndCss, figures.htmlAndCss.total), javaScript: Math.max(worst.javaScript, figures.javaScript.total) }
  const budget = budgetOf(page)
  rows.push([
    page,
    kb(figures.htmlAndCss.html),
    kb(figures.htmlAndCss.css),
    `${kb(figures.htmlAndCss.total)} of ${kb(budget.htmlAndCss)}`,
    `${kb(figures.javaScript.total)} of ${kb(budget.javaScript)}`,
    `${figures.scriptRequests} of ${budget.scriptRequests}`,
    `${kb(figures.picturesAboveTheFold)} of ${kb(budget.picturesAboveTheFold)}`,
  ])
}
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '))
console.log(
  `\nlargest HTML + render-blocking CSS: ${kb(worst.htmlAndCss)} (aim about 14 KB); largest JavaScript before idle: ${kb(worst.javaScript)} (aim ≤ 100 KB, 50 KB on a content page), brotli`,
)
