import { describe, expect, it } from 'vitest'
import { localDate, localNumber } from '../../site/locale-format.ts'

describe("numbers and dates in the site's own digits", () => {
  it("writes a Bengali site's numbers in Bengali digits, a year without grouping", () => {
    expect(localNumber(2026, 'bn-IN', { grouping: false })).toBe('২০২৬')
    expect(localNumber(404, 'bn-IN')).toBe('৪০৪')
    expect(localNumber(2026, 'en-IN', { grouping: false })).toBe('2026')
    expect(localNumber(125000, 'en-IN')).toBe('1,25,000')
  })

  it("pads a step's number with the locale's own zero", () => {
    expect(localNumber(1, 'bn-IN', { grouping: false, minimumDigits: 2 })).toBe('০১')
    expect(localNumber(12, 'en-IN', { grouping: false, minimumDigits: 2 })).toBe('12')
    expect(localNumber(3, 'en-IN', { grouping: false, minimumDigits: 2 })).toBe('03')
  })

  it('writes a date in the words and digits of the locale, and leaves what is no date as it is', () => {
    expect(localDate('2026-12-05', 'en-IN')).toBe('5 December 2026')
    expect(localDate('2026-12-05', 'bn-IN')).toMatch(/^৫ ডিসেম্বর,? ২০২৬$/)
    expect(localDate('soon', 'bn-IN')).toBe('soon')
  })
})
