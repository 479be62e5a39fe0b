/** The preview in a few lines: plain text for the terminal, Markdown for a GitHub Actions job summary. */
import { routeChangeLines, siteWideText } from './describe-changes.ts'
import { pixelText, type PageResult, type PreviewResult } from './preview-result.ts'

const pixelsOf = (page: PageResult) => page.widths.map((result) => `${result.width} ${pixelText(result, page.status)}`).join(', ')

// A config's text could carry terminal escape sequences: shown as "?".
// eslint-disable-next-line no-control-regex
const printable = (line: string) => line.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')

export function textSummary(result: PreviewResult): string[] {
  const counts = (['changed', 'added', 'removed'] as const).map((status) => `${result.pages.filter((page) => page.status === status).length} ${status}`)
  const lines = [`Compared ${result.compared} pages with ${result.baseRef} (${result.baseCommit.slice(0, 12)}): ${counts.join(', ')}.`]
  if (result.siteWide.length > 0) lines.push(`  ${siteWideText(result.siteWide)}`)
  for (const page of result.pages) {
    lines.push(`  ${page.status.padEnd(8)}${page.route}  (${page.status === 'changed' ? pixelsOf(page) : page.status === 'added' ? 'new page' : 'page removed'})`)
    for (const line of page.config ? routeChangeLines(page.config) : []) lines.push(`            ${line}`)
  }
  for (const change of result.configOnly) lines.push(`  config only ${change.path}: ${routeChangeLines(change).join('; ')} (the page's HTML is the same)`)
  return lines.map(printable)
}

/** Markdown-escaped: a config's text cannot add links, images, HTML or table cells to the summary. */
const md = (text: string) => text.replace(/\s+/g, ' ').replace(/[\\`*_{}[\]()<>#+\-.!|~&"'=:]/g, '\\$&')

export function markdownSummary(result: PreviewResult, reportPath: string): string {
  const lines = [`### Preview diff against ${md(result.baseRef)}`, '']
  if (result.pages.length === 0) lines.push(`No page's HTML changed (${result.compared} pages compared).`)
  else {
    lines.push('| Page | Change | Config | Pixels changed |', '| --- | --- | --- | --- |')
    for (const page of result.pages) {
      const config = page.config ? routeChangeLines(page.config).map(md).join('<br>') : ''
      lines.push(`| ${md(page.route)} | ${page.status} | ${config} | ${md(page.status === 'changed' ? pixelsOf(page) : '')} |`)
    }
  }
  if (result.siteWide.length > 0) lines.push('', md(siteWideText(result.siteWide)))
  for (const change of result.configOnly) lines.push('', `Config only, same HTML: ${md(change.path)}: ${md(routeChangeLines(change).join('; '))}`)
  lines.push('', `The screenshots are in the report: ${md(reportPath)}`, '')
  return lines.join('\n')
}
