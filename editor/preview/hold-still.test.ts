import { describe, expect, it } from 'vitest'
import { asReducedMotion } from './hold-still'

describe('asReducedMotion: a media query as it reads for a visitor who asked for less motion', () => {
  it('holds where the query asks for reduced motion, in any spelling and within a longer query', () => {
    for (const query of ['(prefers-reduced-motion: reduce)', '( prefers-reduced-motion:reduce )', '(prefers-reduced-motion)', 'screen and (prefers-reduced-motion: REDUCE)'])
      expect(asReducedMotion(query), query).not.toMatch(/prefers-reduced-motion/i)
    expect(asReducedMotion('(prefers-reduced-motion: reduce)')).toBe('(min-width: 0px)')
    expect(asReducedMotion('screen and (prefers-reduced-motion: reduce)')).toBe('screen and (min-width: 0px)')
  })

  it('fails where the query asks for no preference, and leaves every other query as it is', () => {
    expect(asReducedMotion('(prefers-reduced-motion: no-preference)')).toBe('(max-width: 0px) and (min-width: 1px)')
    for (const query of ['(max-width: 48em)', '(prefers-color-scheme: dark)', 'print']) expect(asReducedMotion(query)).toBe(query)
  })
})
