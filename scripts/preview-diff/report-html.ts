/**
 * The report as one self-contained HTML file: its images inline as data: URIs, its one stylesheet
 * allowed by hash, nothing else (no script, no request), so it opens anywhere, also from a CI
 * artifact. Every text from the config or the file system is escaped.
 */
import crypto from 'node:crypto'
import escapeHtml from 'escape-html'
import { routeChangeLines, siteWideText } from './describe-changes.ts'
import type { EncodedImage } from './pixel-diff.ts'
import { pixelText, widths, type PageResult, type PreviewResult, type WidthResult } from './preview-result.ts'

const style = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; padding: 1rem 1.5rem 4rem; max-width: 1500px; color: #1b1f24; }
h1 { font-size: 1.5rem; margin-bottom: 0.25rem; }
h2 { font-size: 1.25rem; margin-top: 3rem; padding-top: 1rem; border-top: 2px solid #d0d7de; }
h3 { font-size: 1rem; margin: 1.5rem 0 0.5rem; }
code { background: #f0f2f4; padding: 0 0.25em; border-radius: 3px; }
.status { font-size: 0.8rem; font-weight: 600; padding: 0.1rem 0.5rem; border-radius: 1rem; vertical-align: middle; }
.changed { background: #fff1c2; color: #6b4e00; }
.added { background: #d6f5dd; color: #14532d; }
.removed { background: #ffdcd7; color: #7f1d1d; }
.config { margin: 0.25rem 0 0; padding-left: 1.25rem; }
.note { color: #57606a; }
.shots { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 1rem; align-items: start; }
figure { margin: 0; }
figcaption { font-weight: 600; margin-bottom: 0.25rem; }
img { display: block; max-width: 100%; height: auto; border: 1px solid #d0d7de; }
`

const styleHash = crypto.createHash('sha256').update(style).digest('base64')
const policy = `default-src 'none'; img-src data:; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'`

const statusBadge = (status: string) => `<span class="status ${escapeHtml(status)}">${escapeHtml(status)}</span>`

function configList(lines: string[]): string {
  return lines.length === 0 ? '' : `<ul class="config">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
}

function figure(caption: string, image: EncodedImage | undefined, alt: string): string {
  if (!image) return `<figure><figcaption>${escapeHtml(caption)}</figcaption><p class="note">(none)</p></figure>`
  return `<figure><figcaption>${escapeHtml(caption)}</figcaption><img src="${image.uri}" width="${image.width}" height="${image.height}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async"></figure>`
}

function widthSection(page: PageResult, result: WidthResult): string {
  const name = result.width === 'phone' ? 'Phone' : 'Desktop'
  const heading = `${name} (${result.pixelWidth} px): ${pixelText(result, page.status)}`
  const label = (side: string) => `${page.route} ${side}, ${result.pixelWidth} px wide`
  const figures =
    result.diff?.changed === 0
      ? figure('Before and after alike', result.after, label('before and after'))
      : `${figure('Before', result.before, label('before'))}${figure('After', result.after, label('after'))}${figure('Changed pixels (red, highlighted)', result.diff?.image, label('changed pixels'))}`
  const closeUp = result.diff?.closeUp
  const closeUpRow = closeUp
    ? `<p class="note">Close-up of the change, from ${closeUp.top.toLocaleString('en-GB')} px down the page, at full size:</p>
<div class="shots">${figure('Before', closeUp.before, label('before, close-up'))}${figure('After', closeUp.after, label('after, close-up'))}${figure('Changed pixels', closeUp.diff, label('changed pixels, close-up'))}</div>
<p class="note">The whole page:</p>`
    : ''
  return `<h3>${escapeHtml(heading)}</h3>
${closeUpRow}<div class="shots">${figures}</div>`
}

const pageConfigLines = (page: PageResult) => (page.config ? routeChangeLines(page.config) : [])

function pageSection(page: PageResult, index: number): string {
  const lines = pageConfigLines(page)
  return `<section id="page-${index + 1}">
<h2><code>${escapeHtml(page.route)}</code> ${statusBadge(page.status)}</h2>
${lines.length > 0 ? configList(lines) : '<p class="note">No change in this page\'s own config: its change comes from the site-wide config or the code.</p>'}
${page.widths.map((result) => widthSection(page, result)).join('\n')}
</section>`
}

function summaryItem(page: PageResult, index: number): string {
  const pixels = page.widths.map((result) => `${result.width} ${pixelText(result, page.status)}`).join(' · ')
  return `<li><a href="#page-${index + 1}"><code>${escapeHtml(page.route)}</code></a> ${statusBadge(page.status)} <span class="note">${escapeHtml(page.status === 'changed' ? pixels : '')}</span>${configList(pageConfigLines(page))}</li>`
}

export function reportHtml(result: PreviewResult): string {
  const count = (status: string) => result.pages.filter((page) => page.status === status).length
  const title = result.pages.length === 0 ? 'No page changed' : `${result.pages.length} page${result.pages.length === 1 ? '' : 's'} changed`
  const configOnly = result.configOnly.map((change) => `<li><code>${escapeHtml(change.path)}</code>${configList(routeChangeLines(change))}</li>`).join('')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Preview diff: ${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<h1>What this change does to the pages</h1>
<p>Base <code>${escapeHtml(result.baseRef)}</code> (${escapeHtml(result.baseCommit.slice(0, 12))}) compared with the working tree: ${result.compared} pages, ${count('changed')} changed, ${count('added')} added, ${count('removed')} removed.
Screenshots at ${widths.phone} px and ${widths.desktop} px, full page, with reduced motion.</p>
${result.siteWide.length > 0 ? `<p><strong>${escapeHtml(siteWideText(result.siteWide))}</strong></p>` : ''}
${result.pages.length > 0 ? `<ul>${result.pages.map(summaryItem).join('\n')}</ul>` : "<p>No page's HTML changed.</p>"}
${configOnly ? `<p class="note">Config changes that leave the page's HTML as it was:</p><ul>${configOnly}</ul>` : ''}
${result.pages.map(pageSection).join('\n')}
</body>
</html>
`
}
