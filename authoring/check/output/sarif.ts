import type { CheckOutcome } from '../config-check-report.ts'
import { allErrors, type ErrorCode } from '../error-catalogue.ts'
import { countWords, docsLink, docsPageUrl, reportEntries, type ReportEntry, type ReportTarget, type Severity } from './report-target.ts'

/*
 * SARIF 2.1.0, the format code-scanning services read (GitHub's upload-sarif among them): one run of
 * the checker, a rule per catalogue code it reports, a result per problem and notice. SARIF wants
 * absolute addresses for a rule's helpUri, so it has one only where the run knows its repository.
 */

const toolName = 'site-config-check'
const levels: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', notice: 'note' }

/** A repository path as a relative URI (a space is %20). */
function uriOf(target: ReportTarget): { uri: string; uriBaseId?: string } {
  if (!target.inRepository) return { uri: new URL(`file://${target.file.startsWith('/') ? '' : '/'}${target.file}`).href }
  return { uri: target.file.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' }
}

function rule(code: ErrorCode, target: ReportTarget) {
  const entry = allErrors.find((candidate) => candidate.code === code)
  const link = docsLink(target, code)
  const example = entry ? `Broken:\n${entry.example.broken}\n\nFixed:\n${entry.example.fixed}\n\n` : ''
  return {
    id: code,
    shortDescription: { text: entry?.title ?? code },
    help: { text: `${example}More: ${link.docs}` },
    ...(link.url ? { helpUri: link.url } : {}),
    defaultConfiguration: { level: entry && 'severity' in entry ? 'note' : 'error' },
  }
}

function result({ problem, severity }: ReportEntry, ruleIndex: number, target: ReportTarget) {
  const hasEnd = problem.endLine !== undefined && problem.endColumn !== undefined
  return {
    ruleId: problem.code,
    ruleIndex,
    level: levels[severity],
    message: { text: problem.hint ? `${problem.message}\n${problem.hint}` : problem.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: uriOf(target),
          region: { startLine: problem.line, startColumn: problem.column, ...(hasEnd ? { endLine: problem.endLine, endColumn: problem.endColumn } : {}) },
        },
        logicalLocations: [{ name: problem.where, ...(problem.pointer ? { fullyQualifiedName: problem.pointer } : {}) }],
      },
    ],
  }
}

/** When the checker listed only the first problems or notices: how many more there are, as a note on the run. */
function unlistedNotification(outcome: CheckOutcome & { ran: true }, target: ReportTarget) {
  if (outcome.problemCount === outcome.problems.length && outcome.noticeCount === outcome.notices.length) return {}
  const text = `${countWords(outcome, target.file)}: fix those, then check again to see the rest.`
  return { toolExecutionNotifications: [{ level: 'note', message: { text }, locations: [{ physicalLocation: { artifactLocation: uriOf(target) } }] }] }
}

export function sarifReport(outcome: CheckOutcome, target: ReportTarget): string {
  const entries = outcome.ran ? reportEntries(outcome) : []
  const codes = [...new Set(entries.map((entry) => entry.problem.code))]
  const informationUri = docsPageUrl(target)
  const run = {
    tool: { driver: { name: toolName, ...(informationUri ? { informationUri } : {}), rules: codes.map((code) => rule(code, target)) } },
    originalUriBaseIds: { '%SRCROOT%': { uri: target.rootUri } },
    // The checker counts columns in UTF-16 code units, as JavaScript strings do.
    columnKind: 'utf16CodeUnits',
    invocations: [
      outcome.ran
        ? { executionSuccessful: true, ...unlistedNotification(outcome, target) }
        : {
            executionSuccessful: false,
            toolExecutionNotifications: [{ level: 'error', message: { text: outcome.reason }, locations: [{ physicalLocation: { artifactLocation: uriOf(target) } }] }],
          },
    ],
    // Absent, not empty, when the check could not run: an empty list would say "no problems".
    ...(outcome.ran ? { results: entries.map((entry) => result(entry, codes.indexOf(entry.problem.code), target)) } : {}),
  }
  return JSON.stringify({ $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs: [run] }, null, 2) + '\n'
}
