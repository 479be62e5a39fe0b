import type { CheckOutcome } from '../config-check-report.ts'
import { formatSuccess } from '../format.ts'
import { SHOWN_PROBLEMS } from '../problem.ts'
import { countWords, docsLink, reportEntries, type ReportEntry, type ReportTarget } from './report-target.ts'

/*
 * GitHub Actions workflow commands (`::error file=…,line=…::message`): the runner turns each into
 * an annotation on that line of the pull request's diff. A command is one line, so the config's
 * own words (hostile: a text may hold `%0A::set-env` or a newline) are escaped as the runner
 * unescapes them (@actions/core's toCommandValue): in the message % CR LF, in a property also : and ,.
 */

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

function command(name: string, properties: Record<string, string | number | undefined>, message: string): string {
  const fields = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
  return `::${name} ${fields.join(',')}::${escapeData(message)}`
}

/** A Git host places a range's columns only on one line: a value spanning lines is marked at its start. */
function annotation({ problem, severity }: ReportEntry, target: ReportTarget): string {
  const oneLine = problem.endLine === problem.line && problem.endColumn !== undefined
  const link = docsLink(target, problem.code)
  const message = [problem.message, ...(problem.hint ? [`→ ${problem.hint}`] : []), `Where: ${problem.where}`, `Docs: ${link.url ?? link.docs}`].join('\n')
  return command(
    severity,
    {
      file: target.file,
      line: problem.line,
      col: problem.column,
      endLine: oneLine ? problem.endLine : undefined,
      endColumn: oneLine ? problem.endColumn : undefined,
      title: `[${problem.code}]`,
    },
    message,
  )
}

/**
 * One workflow command per problem and notice, then the count in plain words; on success the usual
 * one-line success; when the check could not run, one error on the file.
 */
export function githubReport(outcome: CheckOutcome, label: string, target: ReportTarget): string {
  if (!outcome.ran) return command('error', { file: target.file }, outcome.reason) + '\n'
  const entries = reportEntries(outcome)
  const lines = entries.map((entry) => annotation(entry, target))
  if (outcome.problems.length === 0) lines.push(formatSuccess(label, outcome.routeCount, outcome.milliseconds, { color: false }).trimEnd())
  else lines.push(countWords(outcome, label))
  // GitHub shows at most 10 annotations of each kind per step and drops the rest without a word.
  if (outcome.problems.length > 10 || outcome.notices.length > 10)
    lines.push(`GitHub shows only the first 10 of each kind as annotations: \`npm run validate\` lists up to ${SHOWN_PROBLEMS}.`)
  return lines.join('\n') + '\n'
}
