/**
 * A badly broken or hostile config: the checker lists the first SHOWN_PROBLEMS problems (and
 * notices), most important first, counts them all, and still places each listed one exactly. The
 * places are checked against jsonc-parser's own reading of the text (findNodeAtLocation,
 * getLocation), not against the checker's index of it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { findNodeAtLocation, getLocation, parseTree, type Node } from 'jsonc-parser'
import { describe, expect, it } from 'vitest'
import { checkConfigText, SHOWN_PROBLEMS, type Problem } from '../../authoring/check/index.ts'
import { draftWithFaults } from '../../scripts/bench/lib/broken-drafts.ts'
import { publicDir, root } from '../../scripts/lib/paths.ts'

const original = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')
const shipped = JSON.parse(original) as Record<string, unknown>
const check = (text: string) => checkConfigText(text, 'site.config.json', { publicDir })

/** 1-based line and column of an offset, counted the plain way. */
function place(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') }
}

/** The node a problem's JSON pointer names, found by jsonc-parser, with numbers where the value is a list. */
function nodeAt(root: Node, pointer: string): Node | undefined {
  let node: Node | undefined = root
  const path: (string | number)[] = []
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    path.push(node?.type === 'array' ? Number(segment) : segment)
    node = findNodeAtLocation(root, path)
  }
  return node
}

/** Where a fault of draftWithFaults is marked: a misspelt name at its key, a wrong type at its value; the whole of either. */
function expectedSpan(text: string, problem: Problem) {
  const node = nodeAt(parseTree(text)!, problem.pointer)
  const marked = problem.code === 'unknown-property' ? node?.parent?.children?.[0] : node
  if (!marked) throw new Error(`Nothing at ${problem.pointer}`)
  const end = place(text, marked.offset + marked.length)
  return { ...place(text, marked.offset), endLine: end.line, endColumn: end.column }
}

const faults = 1000
const layouts = {
  'two spaces': JSON.stringify(draftWithFaults(shipped, faults), null, 2),
  'one line': JSON.stringify(draftWithFaults(shipped, faults)),
  'Windows line ends': JSON.stringify(draftWithFaults(shipped, faults), null, 2).replace(/\n/g, '\r\n'),
}

describe('a config with more problems than are listed', () => {
  for (const [layout, text] of Object.entries(layouts)) {
    it(`lists the first ${SHOWN_PROBLEMS} of ${faults}, in reading order, each at its key or value from start to end (${layout})`, () => {
      const { problems, problemCount } = check(text)
      expect(problemCount).toBe(faults)
      expect(problems).toHaveLength(SHOWN_PROBLEMS)
      const order = problems.map(({ order, line, column }) => [order, line, column])
      expect(order).toEqual([...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!))
      for (const problem of problems) {
        expect(['unknown-property', 'wrong-type']).toContain(problem.code)
        expect({ pointer: problem.pointer, line: problem.line, column: problem.column, endLine: problem.endLine, endColumn: problem.endColumn }).toEqual({
          pointer: problem.pointer,
          ...expectedSpan(text.replace(/\r\n/g, '\n'), problem),
        })
      }
    })
  }

  it('counts every notice and lists the first ones', () => {
    const draft = structuredClone(shipped) as { routes: { blocks: Record<string, unknown>[] }[] }
    let wrapped = 0
    for (const route of draft.routes)
      for (const block of route.blocks)
        for (const name of ['heading', 'title', 'text']) {
          if (typeof block[name] !== 'string') continue
          block[name] = `“${block[name]}”`
          wrapped++
        }
    const { notices, noticeCount, problems } = check(JSON.stringify(draft, null, 2))
    expect(wrapped).toBeGreaterThan(SHOWN_PROBLEMS)
    expect(problems).toEqual([])
    expect(noticeCount).toBe(wrapped)
    expect(notices).toHaveLength(SHOWN_PROBLEMS)
    expect(new Set(notices.map((notice) => notice.code))).toEqual(new Set(['curly-quoted-text']))
  })

  it('places syntax mistakes it reads past (comments) where jsonc-parser reads them, however many', () => {
    let separators = 0
    let comments = 0
    const text = original.replace(/,\n/g, (separator) => {
      if (separators++ % 2 === 1) return separator
      comments++
      return ', // note\n'
    })
    const { problems, problemCount } = check(text)
    expect(problemCount).toBe(comments)
    expect(problems).toHaveLength(SHOWN_PROBLEMS)
    for (const problem of problems) {
      const lineStart =
        text
          .split('\n')
          .slice(0, problem.line - 1)
          .join('\n').length + (problem.line > 1 ? 1 : 0)
      const offset = lineStart + problem.column - 1
      expect(problem.code).toBe('comment')
      expect(text.slice(offset, offset + 7)).toBe('// note')
      const path = getLocation(text, offset).path.filter((segment) => segment !== '')
      expect(problem.pointer).toBe(path.map((segment) => `/${segment}`).join(''))
    }
  })

  // Generous headroom on purpose: ajv's own code copied every error found so far for each broken
  // entry (minutes for this draft); now about a second. The limit only tells "linear" from "not".
  it('checks 40,000 broken menu entries in seconds, one problem each', { timeout: 60_000 }, () => {
    const draft = structuredClone(shipped) as { navigation: { items: object[] } }
    for (let i = 0; i < 40_000; i++) draft.navigation.items.push({ lable: `Entry ${i}`, to: '/' })
    const { problems, problemCount } = check(JSON.stringify(draft, null, 2))
    expect(problemCount).toBe(40_000)
    expect(problems).toHaveLength(SHOWN_PROBLEMS)
    expect(problems[0]).toMatchObject({ code: 'unknown-property', message: expect.stringContaining('Did you mean "label"?') })
  })

  it('keeps its suggestions for the problems it lists', () => {
    let links = 0
    const text = original.replace(/"to": "(\/[A-Za-z0-9_/-]*)"/g, (_, to: string) => {
      links++
      return `"to": "${to}x"`
    })
    const { problems, problemCount } = check(text)
    expect(problemCount).toBe(links)
    expect(problems).toHaveLength(SHOWN_PROBLEMS)
    for (const problem of problems) expect(problem.message).toMatch(/Did you mean "\/[^"]*"\?/)
  })

  it('names at most 20 of a long list in a message, and how many more', () => {
    const draft = structuredClone(shipped) as { forms: { contact: { fallbackSubject: string; fields: object[] } } }
    for (let i = 1; i <= 25; i++) draft.forms.contact.fields.push({ name: `extra${i}`, label: `Extra ${i}`, input: 'text' })
    draft.forms.contact.fallbackSubject = 'Contact form: {nmae}'
    const [problem, ...others] = check(JSON.stringify(draft, null, 2)).problems
    expect(others).toEqual([])
    expect(problem?.message).toBe(
      'The contact form refers to "{nmae}", which is not one of "name", "email", "phone", "subject", "message", "extra1", "extra2", "extra3", "extra4", "extra5", "extra6", "extra7", "extra8", "extra9", "extra10", "extra11", "extra12", "extra13", "extra14", "extra15" and 10 more.',
    )
  })
})
