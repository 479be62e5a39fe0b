import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { config, themePalettes as palettes } from '../kit/config'
import { siteTheme } from './theme'

/** The value Mantine gives a radius variable on the page's root for a theme radius. */
function radiusVariables(radius: 'xs' | 'md' | 'xl'): Record<string, string> {
  const { unmount } = render(<MantineProvider theme={siteTheme({ ...config.site.theme, radius }, palettes)}>x</MantineProvider>)
  const root = getComputedStyle(document.documentElement)
  const values = Object.fromEntries(['lg', 'xl'].map((size) => [size, root.getPropertyValue(`--mantine-radius-${size}`).replace(/\s/g, '')]))
  unmount()
  return values
}

describe('theme.radius', () => {
  it("keeps Mantine's own corners at md, and scales every size (the cards' lg and xl included) for the others", () => {
    // Mantine writes only what differs from its defaults (its own stylesheet holds those).
    expect(radiusVariables('md')).toEqual({ lg: '', xl: '' })
    expect(radiusVariables('xs').lg).toBe('calc(calc(1rem*var(--mantine-scale))*0.25)')
    expect(radiusVariables('xl').xl).toBe('calc(calc(2rem*var(--mantine-scale))*2)')
  })
})
