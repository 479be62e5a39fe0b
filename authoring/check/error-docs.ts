/** Where each catalogue code is explained: docs/errors.md, relative to the project root. */
export const errorDocsFile = 'docs/errors.md'

/** The Markdown heading docs/errors.md gives a code's section. */
export function errorHeading(code: string): string {
  return `### \`${code}\``
}

/**
 * The anchor GitHub gives a code's heading, so a link from a report lands on its section: GitHub
 * lower-cases the heading's text, drops everything but letters, digits, `_`, `-` and spaces (the
 * backticks go) and writes spaces as `-`. A kebab-case code is its own anchor, but a report and the
 * table of contents both ask here rather than assume it.
 */
export function errorAnchor(code: string): string {
  return errorHeading(code)
    .replace(/^#+ /, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}
