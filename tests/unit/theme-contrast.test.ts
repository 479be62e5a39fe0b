import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkConfigText } from '../../authoring/check/index.ts'
import { setJsonValue } from '../../authoring/config/config-edit.ts'
import { contrastRatio, darkerFix, ratioWords, themeContrast, TEXT_PAIRINGS } from '../../site/theme-contrast.ts'

const root = path.resolve(import.meta.dirname, '../..')
const shipped = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')
const themeDefault = JSON.parse(fs.readFileSync(path.join(root, 'schemas/defs/site-settings.schema.json'), 'utf8')).properties.theme.default

/** The shipped config with other theme colours, checked as `npm run validate` checks it: its low-contrast problems. */
function lowContrastProblems(colours: { primaryColor?: string; accentColor?: string }) {
  let text = shipped
  for (const [key, value] of Object.entries(colours)) text = setJsonValue(text, ['site', 'theme', key], value)
  return checkConfigText(text, 'site.config.json').problems.filter((problem) => problem.code === 'low-contrast')
}

describe('text contrast of the theme colours', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1)
    // Either colour may be the text.
    expect(contrastRatio('#228be6', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#228be6'), 10)
    expect(ratioWords(4.4999)).toBe('4.49:1')
  })

  it('passes the shipped brand and the schema’s default brand in every pairing', () => {
    const config = JSON.parse(shipped)
    for (const theme of [config.site.theme, themeDefault]) expect(themeContrast(theme).filter((found) => !found.passes)).toEqual([])
    expect(lowContrastProblems({})).toEqual([])
  })

  it('refuses a light primary colour: white button labels on it, pointing at primaryColor with a darker shade that passes', () => {
    const [problem, ...others] = lowContrastProblems({ primaryColor: '#5c7cfa' })
    expect(others).toEqual([])
    expect(problem).toMatchObject({ pointer: '/site/theme/primaryColor', where: 'site › theme' })
    expect(problem!.message).toBe('White button labels on the primary colour: a contrast of 3.67:1 (#ffffff on #5c7cfa); text needs at least 4.5:1 to be read easily.')
    expect(problem!.hint).toBe('Choose a darker primaryColor: #4e69d5, a darker shade of #5c7cfa, reaches 4.87:1.')
    expect(contrastRatio('#ffffff', '#4e69d5')).toBeGreaterThanOrEqual(4.5)
  })

  it('judges the accent by the shade the site writes text in (shade 8), not by the accent itself', () => {
    // The shipped accent is 3.7:1 on white as it is, but the light sections write it darker.
    expect(contrastRatio('#0891b2', '#ffffff')).toBeLessThan(4.5)
    expect(lowContrastProblems({ accentColor: '#0891b2' })).toEqual([])
    const [problem, ...others] = lowContrastProblems({ accentColor: '#22d3ee' })
    expect(others).toEqual([])
    expect(problem).toMatchObject({ pointer: '/site/theme/accentColor' })
  })

  it('says so when no shade of the colour is dark enough', () => {
    const pale = { primaryColor: '#fffbe6', accentColor: '#0891b2' }
    const failing = themeContrast(pale).filter((found) => !found.passes)
    expect(failing.map((found) => found.pairing)).toContain(TEXT_PAIRINGS[0])
    expect(darkerFix(pale, TEXT_PAIRINGS[0]!)).toBeUndefined()
    expect(lowContrastProblems(pale)[0]!.hint).toBe('Choose a darker primaryColor: even the darkest shades of #fffbe6 stay below 4.5:1 here.')
  })
})
