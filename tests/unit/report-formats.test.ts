/**
 * The machine-read reports of the config check, in process: GitHub's workflow commands stay one
 * line whatever the config says, the job summary keeps hostile text as text, a problem marks its
 * whole value, and each code's docs link lands on its heading.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkConfigText, allErrors } from '../../authoring/check/index.ts'
import type { CheckOutcome } from '../../authoring/check/config-check-report.ts'
import { errorAnchor } from '../../authoring/check/error-docs.ts'
import { githubReport } from '../../authoring/check/output/github.ts'
import type { ReportTarget } from '../../authoring/check/output/report-target.ts'
import { stepSummary } from '../../authoring/check/output/step-summary.ts'
import type { Problem } from '../../authoring/check/problem.ts'

const root = path.resolve(import.meta.dirname, '../..')
const fixtures = path.join(root, 'tests/fixtures')

const target: ReportTarget = { file: 'sites/a,b:c.json', inRepository: true, rootUri: 'file:///repo/', docsFile: 'docs/errors.md' }

const hostile: Problem = {
  file: 'a,b:c.json',
  line: 3,
  column: 7,
  where: '/about › blocks[0] (pageHero)',
  code: 'invalid-value',
  pointer: '/routes/0/blocks/0/heading',
  message: '100% sure: a, b\n::warning::injected\r\nend | <b>x</b>',
  hint: 'Fix it: now, please.',
  kind: 'value',
  order: 2,
}

function outcomeWith(problems: Problem[], notices: Problem[] = []): CheckOutcome {
  return { ran: true, problems, problemCount: problems.length, notices, noticeCount: notices.length, routeCount: 1, milliseconds: 5 }
}

/** What GitHub's runner makes of an escaped workflow command value (@actions/core's rules, reversed). */
const unescape = (text: string) => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%')

describe('GitHub workflow commands', () => {
  it('keep a message with %, :, , and line breaks in one command, and give it back whole', () => {
    const lines = githubReport(outcomeWith([hostile]), 'a,b:c.json', target)
      .trimEnd()
      .split('\n')
    expect(lines).toHaveLength(2) // the command and the count
    const command = lines[0] ?? ''
    const head = '::error file=sites/a%2Cb%3Ac.json,line=3,col=7,title=[invalid-value]::'
    // The runner ends the properties at the first :: after the command's name: the file's , and : cannot end them early.
    expect(command.slice(0, command.indexOf('::', 2) + 2)).toBe(head)
    const message = unescape(command.slice(head.length))
    expect(message).toBe(`${hostile.message}\n→ Fix it: now, please.\nWhere: /about › blocks[0] (pageHero)\nDocs: docs/errors.md#invalid-value`)
    expect(lines[1]).toBe('1 problem in a,b:c.json')
  })

  it('mark a value on one line from start to end, and a value spanning lines at its start only', () => {
    const oneLine = githubReport(outcomeWith([{ ...hostile, endLine: 3, endColumn: 15 }]), 'x.json', target)
    expect(oneLine).toContain(',line=3,col=7,endLine=3,endColumn=15,title=')
    const spanning = githubReport(outcomeWith([{ ...hostile, endLine: 9, endColumn: 2 }]), 'x.json', target)
    expect(spanning).toContain(',line=3,col=7,title=')
  })

  it('say that GitHub shows only 10 annotations of a kind when there are more', () => {
    const many = Array.from({ length: 11 }, (_, index) => ({ ...hostile, line: index + 1 }))
    expect(githubReport(outcomeWith(many), 'x.json', target)).toContain('GitHub shows only the first 10')
    expect(githubReport(outcomeWith(many.slice(0, 10)), 'x.json', target)).not.toContain('GitHub shows only')
  })
})

describe('the job summary', () => {
  it('lists each problem in a table row, the config’s words kept as text', () => {
    const summary = stepSummary(outcomeWith([hostile]), 'a,b:c.json', { ...target, blobBase: 'https://github.com/acme/site/blob/abc/' })
    const row = summary.split('\n').find((line) => line.includes('invalid-value')) ?? ''
    expect(row).toContain('[sites/a,b:c.json:3:7](https://github.com/acme/site/blob/abc/sites/a,b:c.json#L3)')
    expect(row).toContain('[`invalid-value`](https://github.com/acme/site/blob/abc/docs/errors.md#invalid-value)')
    expect(row).toContain('100% sure: a, b ::warning::injected end \\| &lt;b&gt;x&lt;/b&gt;')
    // The table keeps its four columns: the message's | is escaped.
    expect(row.split(/(?<!\\)\|/)).toHaveLength(6)
  })
})

describe('where a problem ends', () => {
  const publicDir = path.join(fixtures, 'public')
  const check = (file: string) => checkConfigText(fs.readFileSync(path.join(fixtures, 'broken', file), 'utf8'), file, { publicDir }).problems[0]

  it('is just after the offending value or key, on its line', () => {
    expect(check('bad-enum-value.json')).toMatchObject({ line: 147, column: 25, endLine: 147, endColumn: 32 }) // "navvy"
    expect(check('misspelt-property.json')).toMatchObject({ line: 187, column: 7, endLine: 187, endColumn: 19 }) // "descripton"
  })

  it('spans the lines of an object the problem is about', () => {
    expect(check('missing-required-field.json')).toMatchObject({ line: 250, endLine: 252 })
  })

  it('is not guessed where the problem is a spot inside a text', () => {
    const problem = check('unknown-escape.json')
    expect(problem?.endLine).toBeUndefined()
    expect(problem?.endColumn).toBeUndefined()
  })
})

describe('docs links', () => {
  it("land on each code's heading in docs/errors.md, as GitHub names its anchor", () => {
    const docs = fs.readFileSync(path.join(root, 'docs/errors.md'), 'utf8')
    for (const { code } of allErrors) {
      expect(docs).toContain(`\n### \`${code}\`\n`)
      // GitHub drops the backticks of `### \`unknown-icon\`` and keeps the kebab-case words.
      expect(errorAnchor(code)).toBe(code)
      expect(docs).toContain(`](#${errorAnchor(code)})`)
    }
  })
})
