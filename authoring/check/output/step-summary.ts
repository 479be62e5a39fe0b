import type { CheckOutcome } from '../config-check-report.ts'
import { countWords, docsLink, reportEntries, type ReportTarget } from './report-target.ts'

/**
 * The outcome as Markdown for GitHub's job summary (the file GITHUB_STEP_SUMMARY names): the count
 * and a table of every problem, which a reviewer reads on the run's page without opening the log,
 * and which, unlike the annotations, is not cut at 10. The config's words are hostile: escaped so
 * they stay text in a table cell.
 */
export function stepSummary(outcome: CheckOutcome, label: string, target: ReportTarget): string {
  const heading = `### Site config check: ${markdownText(target.file)}`
  if (!outcome.ran) return `${heading}\n\n:x: The check could not run. ${markdownText(outcome.reason)}\n`
  if (outcome.problems.length + outcome.notices.length === 0) return `${heading}\n\n:white_check_mark: ${outcome.routeCount} routes, 0 problems.\n`
  const rows = reportEntries(outcome).map(({ problem, severity }) => {
    const place = `${target.file}:${problem.line}:${problem.column}`
    const link = docsLink(target, problem.code)
    const location =
      target.blobBase && target.inRepository ? `[${markdownText(place)}](${markdownUrl(encodeURI(`${target.blobBase}${target.file}`) + `#L${problem.line}`)})` : markdownText(place)
    const code = link.url ? `[\`${problem.code}\`](${markdownUrl(link.url)})` : `\`${problem.code}\``
    const words = [problem.message, problem.hint && `→ ${problem.hint}`].filter(Boolean).join(' ')
    return `| ${location} | ${code} | ${severity} | ${markdownText(words)} |`
  })
  const status = outcome.problems.length > 0 ? ':x:' : ':white_check_mark:'
  return [heading, '', `${status} ${markdownText(countWords(outcome, label))}`, '', '| Where | Code | Kind | Message |', '| --- | --- | --- | --- |', ...rows, ''].join('\n')
}

/** Text that Markdown shows as typed, on one line of a table. */
function markdownText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+!|~]/g, '\\$&')
    .replace(/\s*[\r\n]+\s*/g, ' ')
}

/** An address that cannot end a Markdown link early. */
function markdownUrl(url: string): string {
  return url.replace(/[()<> ]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}
