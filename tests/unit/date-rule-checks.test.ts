import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { validateConfigText } from '../../authoring/check/index.ts'

/** The base config's contact form with one date field, declared as given (the field's text goes on one line of its own). */
const base = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/valid/site.config.json'), 'utf8')
const NAME_FIELD_END = '          "required": true\n        }\n      ]'
const withDateField = (rules: string) =>
  base.replace(NAME_FIELD_END, `          "required": true\n        },\n        { "name": "day", "label": "Preferred day", "input": "date", ${rules} }\n      ]`)
const lineOfDay = (text: string) => text.split('\n').findIndex((line) => line.includes('"Preferred day"')) + 1

const check = (rules: string) => {
  const text = withDateField(rules)
  expect(text).not.toBe(base)
  return { problems: validateConfigText(text, 'site.config.json', { publicDir: path.resolve(import.meta.dirname, '../fixtures/public') }), line: lineOfDay(text) }
}

describe("the checker on a date field's rules", () => {
  it('takes the dental practice’s rules, absolute days, and a mix it cannot order', () => {
    expect(check('"earliest": "+1d", "latest": "+60d", "weekdays": ["mon", "tue", "wed", "thu", "fri", "sat"]').problems).toEqual([])
    expect(check('"earliest": "2026-12-01", "latest": "2026-12-24"').problems).toEqual([])
    expect(check('"earliest": "today", "latest": "2027-01-31"').problems).toEqual([])
  })

  it('refuses an unknown weekday at its line, with the right one to write', () => {
    const { problems, line } = check('"weekdays": ["mon", "sunday"]')
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ line })
    expect(`${problems[0]!.message} ${problems[0]!.hint}`).toMatch(/"sun"/)
  })

  it('refuses an empty weekday list and a weekday named twice', () => {
    for (const rules of ['"weekdays": []', '"weekdays": ["mon", "mon"]']) {
      const { problems, line } = check(rules)
      expect(problems, rules).toHaveLength(1)
      expect(problems[0]).toMatchObject({ line })
    }
  })

  it.each([
    ['"latest": "90 days"', '+90d'],
    ['"earliest": "24.12.2026"', '2026-12-24'],
    ['"earliest": "+1 d"', '+1d'],
  ])('explains %s with a suggestion', (rules, suggestion) => {
    const { problems, line } = check(rules)
    expect(problems).toMatchObject([{ code: 'bad-date-bound', line }])
    expect(problems[0]!.hint).toContain(`For example "${suggestion}".`)
  })

  it('refuses a day the calendar lacks, and absolute bounds in the wrong order', () => {
    expect(check('"latest": "2026-02-30"').problems).toMatchObject([
      { code: 'bad-date-bound', message: '"latest" is "2026-02-30", which names no day: the calendar has no such day.' },
    ])
    expect(check('"earliest": "2026-12-24", "latest": "2026-12-01"').problems).toMatchObject([{ code: 'empty-date-range' }])
  })
})
