import type { Problem } from './problem.ts'

export interface FormatOptions {
  /** ANSI colours; by default only when stdout is a terminal and NO_COLOR is not set. */
  color?: boolean
}

const ansi = { bold: '\x1b[1m', red: '\x1b[31m', yellow: '\x1b[33m', cyan: '\x1b[36m', green: '\x1b[32m', reset: '\x1b[0m' }

function shouldUseColor(stream: { isTTY?: boolean } = process.stdout): boolean {
  return Boolean(stream.isTTY) && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb'
}

/**
 * Each problem as `file:line:column  where`, the message with its `[code]` (the heading to look
 * up in docs/errors.md) and a `→ hint`, then how many more there are when the check listed only
 * the first (`problemCount`, the check's own count), then a summary line. `file:line:column`
 * comes first so editors and terminals turn it into a link to the spot.
 */
export function formatProblems(problems: Problem[], options: FormatOptions = {}, problemCount = problems.length): string {
  const paint = painter(options.color ?? shouldUseColor())
  const file = problems[0]?.file
  const unlisted = problemCount - problems.length
  return (
    [
      ...problems.map((problem) => formatOne(problem, paint)),
      ...(unlisted > 0 ? [`… and ${unlisted} more ${unlisted === 1 ? 'problem' : 'problems'}, not listed: fix these first, then check again.`] : []),
      paint('red', summaryLine(problemCount, file ?? 'the config')),
    ].join('\n\n') + '\n'
  )
}

/** Notices in the same layout, marked as such, without a summary: they never fail the check. */
export function formatNotices(notices: Problem[], options: FormatOptions = {}, noticeCount = notices.length): string {
  const paint = painter(options.color ?? shouldUseColor())
  const unlisted = noticeCount - notices.length
  return [
    ...notices.map((notice) => formatOne(notice, paint, 'Notice: ')),
    ...(unlisted > 0 ? [`… and ${unlisted} more ${unlisted === 1 ? 'notice' : 'notices'}, not listed.`] : []),
  ]
    .map((block) => block + '\n\n')
    .join('')
}

/** One problem as `formatProblems` prints it, without the summary line. */
export function formatProblem(problem: Problem, options: FormatOptions = {}): string {
  return formatOne(problem, painter(options.color ?? shouldUseColor()))
}

function formatOne(problem: Problem, paint: ReturnType<typeof painter>, prefix = ''): string {
  const lines = [`${paint('cyan', `${problem.file}:${problem.line}:${problem.column}`)}  ${problem.where}`, `  ${prefix}${paint('bold', problem.message)} [${problem.code}]`]
  if (problem.hint) lines.push(`  ${paint('yellow', `→ ${problem.hint}`)}`)
  return lines.join('\n')
}

/** "2 problems in site.config.json" */
function summaryLine(count: number, file: string): string {
  return `${count} ${count === 1 ? 'problem' : 'problems'} in ${file}`
}

/** "✓ site.config.json: 33 routes, 0 problems (45 ms)" */
export function formatSuccess(file: string, routeCount: number, milliseconds: number, options: FormatOptions = {}): string {
  const paint = painter(options.color ?? shouldUseColor())
  return `${paint('green', '✓')} ${file}: ${routeCount} ${routeCount === 1 ? 'route' : 'routes'}, 0 problems (${Math.round(milliseconds)} ms)\n`
}

function painter(enabled: boolean) {
  return (colour: keyof typeof ansi, text: string) => (enabled ? `${ansi[colour]}${text}${ansi.reset}` : text)
}
