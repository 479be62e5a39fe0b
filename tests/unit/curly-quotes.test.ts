/**
 * Curly quotes pasted from a word processor: every one that stands where JSON needs " is named in
 * one run, `--fix-quotes` straightens exactly those, and typographic quotes inside texts stay.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findPunctuationQuotes, validateConfigText } from '../../authoring/check/index.ts'

const root = path.resolve(import.meta.dirname, '../..')
const real = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')

/** Replaces the first occurrence, failing loudly when the config no longer has it. */
function replaceOnce(text: string, from: string, to: string): string {
  expect(text).toContain(from)
  return text.replace(from, to)
}

// The real config with typographic quotes inside two texts: they belong to the texts.
const typographic = replaceOnce(
  replaceOnce(real, '"text": "Layered protection for networks,', '"text": "Layered “defence in depth” protection for networks,'),
  'with a clear plan, predictable costs',
  'with a clear plan, our engineers’ checklists, predictable costs',
)
// …and then pasted punctuation: all curly, a curly opening with a straight close, a curly close.
const pasted = replaceOnce(
  replaceOnce(replaceOnce(typographic, '"icon": "shield-lock",', '“icon”: “shield-lock”,'), '"label": "Get a Quote",', '"label": “Get a Quote",'),
  '"type": "cardGrid",',
  '"type": "cardGrid”,',
)

/** The line a marker stands on in the damaged copy (the real config grows; the test follows it). */
const lineOf = (marker: string) => pasted.slice(0, pasted.indexOf(marker)).split('\n').length
const lines = { type: lineOf('"type": "cardGrid”'), icon: lineOf('“icon”: “shield-lock”'), label: lineOf('"label": “Get a Quote"') }

describe('curly quotes used as JSON quotes', () => {
  it('are all named in one run, one problem per line, never suggesting to keep them', () => {
    const problems = validateConfigText(pasted, 'site.config.json')
    expect(problems.map(({ code, line, column, message }) => ({ code, line, column, message }))).toEqual([
      { code: 'curly-quotes', line: lines.type, column: 28, message: 'This quote is curly; JSON needs straight quotes " — replace it: "type": "cardGrid”' },
      { code: 'curly-quotes', line: lines.icon, column: 15, message: 'These quotes are curly; JSON needs straight quotes " — replace them: “icon”: “shield-lock”' },
      { code: 'curly-quotes', line: lines.label, column: 24, message: 'This quote is curly; JSON needs straight quotes " — replace it: "label": “Get a Quote"' },
    ])
    expect(problems[0]?.hint).toContain('--fix-quotes` straightens all 6 in this file')
  })

  it('are told apart from typographic quotes inside texts', () => {
    expect(findPunctuationQuotes(typographic)).toEqual([])
    expect(findPunctuationQuotes(pasted)).toHaveLength(6)
  })

  it('npm run validate -- --fix-quotes straightens exactly those, on a copy of the config', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fix-quotes-'))
    const file = path.join(dir, 'site.config.json')
    fs.writeFileSync(file, pasted)
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/validate.ts', file, '--public', 'public', '--fix-quotes'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      })
      expect(result.stdout.split('\n')[0]).toMatch(
        new RegExp(`^✓ Straightened 6 curly quotes in .*site\\.config\\.json \\(lines ${lines.type}, ${lines.icon}, ${lines.label}\\); quotes inside texts are unchanged\\.$`),
      )
      expect(result.status).toBe(0)
      expect(fs.readFileSync(file, 'utf8')).toBe(typographic)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a text wholly wrapped in curly quotes passes, with a notice that it was probably pasted', () => {
    const wrapped = replaceOnce(real, '"title": "Cyber Security That Never Sleeps"', '"title": "“Cyber Security That Never Sleeps”"')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'curly-text-'))
    const file = path.join(dir, 'site.config.json')
    fs.writeFileSync(file, wrapped)
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/validate.ts', file, '--public', 'public'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      })
      expect(run.status).toBe(0)
      expect(run.stdout).toContain('Notice: This text is wrapped in curly quotes, which the page will show: "“Cyber Security That Never Sleeps”". [curly-quoted-text]')
      expect(run.stdout).toMatch(/✓ .*site\.config\.json: \d+ routes, 0 problems/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
