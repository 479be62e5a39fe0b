import type { CheckOutcome } from '../config-check-report.ts'
import { docsLink, reportEntries, type ReportTarget, type Severity } from './report-target.ts'

/** One problem or notice; docs/validate-output.schema.json describes the document. */
interface JsonProblem {
  file: string
  line: number
  column: number
  endLine?: number
  endColumn?: number
  code: string
  severity: Severity
  message: string
  hint?: string
  where: string
  pointer: string
  docs: string
  url?: string
}

type JsonReport = { version: 1; file: string } & ({ ok: boolean; problems: JsonProblem[]; problemCount: number; noticeCount: number } | { ok: false; error: string })

/**
 * The outcome as one JSON document (docs/validate-output.schema.json) for tools: problems and
 * notices in one list (the first SHOWN_PROBLEMS of each), told apart by `severity`, and how many
 * of each there are in all; `ok` is false only for errors (a notice never fails the check);
 * `error` instead of `problems` when the check could not run.
 */
export function jsonReport(outcome: CheckOutcome, target: ReportTarget): string {
  const head = { version: 1 as const, file: target.file }
  const report: JsonReport = outcome.ran
    ? {
        ...head,
        ok: outcome.problems.length === 0,
        problems: reportEntries(outcome).map(({ problem, severity }) => ({
          file: target.file,
          line: problem.line,
          column: problem.column,
          ...(problem.endLine !== undefined && problem.endColumn !== undefined ? { endLine: problem.endLine, endColumn: problem.endColumn } : {}),
          code: problem.code,
          severity,
          message: problem.message,
          ...(problem.hint ? { hint: problem.hint } : {}),
          where: problem.where,
          pointer: problem.pointer,
          ...docsLink(target, problem.code),
        })),
        problemCount: outcome.problemCount,
        noticeCount: outcome.noticeCount,
      }
    : { ...head, ok: false, error: outcome.reason }
  return JSON.stringify(report, null, 2) + '\n'
}
