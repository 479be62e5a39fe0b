import { describe, expect, test } from 'vitest'
import { mixHex, shadesOf, slate, tintsOf } from '../../site/theme-colors'

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe('theme colours', () => {
  test('the shipped accent gives back the shipped tints', () => {
    expect(tintsOf('#0891b2')).toEqual(['#ecfeff', '#e0f2fe', '#a5f3fc', '#67e8f9', '#22d3ee', '#06b6d4', '#0891b2', '#0e7490', '#155e75', '#164e63'])
  })

  test.each(['#9c1c5a', '#e8590c', '#2f9e44', '#7048e8', '#808080'])('tints of %s: bright ones keep 4.5:1 on the navy bands, pale ones stay pale', (accent) => {
    const tints = tintsOf(accent)
    expect(tints.every((tint) => /^#[0-9a-f]{6}$/.test(tint))).toBe(true)
    for (const primary of ['#0040c5', accent]) {
      const navy = shadesOf(primary)[9]
      expect(contrast(tints[3], navy)).toBeGreaterThanOrEqual(4.5)
      expect(contrast(tints[2], navy)).toBeGreaterThanOrEqual(4.5)
    }
    expect(contrast(tints[1], '#ffffff')).toBeLessThan(1.2)
  })

  test('the footer navy is the brand shade 9 deepened toward slate', () => {
    expect(mixHex(shadesOf('#0040c5')[9], slate[9], 0.75)).toBe('#0b1a3b')
  })
})
