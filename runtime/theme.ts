import { createTheme, type CSSVariablesResolver } from '@mantine/core'
import { config } from '../kit/config'
import type { SiteTheme } from '../site/generated/site-config'
import { shadesOf } from './theme-colors'

/**
 * Mantine's theme from `site.theme`: `brand` and `accent` palettes generated from the two colours
 * (each given colour is shade 6, Mantine's filled shade in the light scheme), fonts and radius.
 * Stylesheets read it through Mantine's CSS variables (--mantine-primary-color-filled,
 * --mantine-color-accent-6, …), so a new primaryColor re-brands every page.
 */
export function siteTheme({ primaryColor, accentColor, fontFamily, headingsFontFamily = fontFamily, radius }: SiteTheme) {
  return createTheme({
    primaryColor: 'brand',
    colors: { brand: shadesOf(primaryColor), accent: shadesOf(accentColor) },
    primaryShade: 6,
    fontFamily,
    headings: { fontFamily: headingsFontFamily, fontWeight: '700' },
    defaultRadius: radius,
  })
}

export const theme = siteTheme(config.site.theme)

/** Mantine's dimmed grey (gray-6, 3.3:1 on white) is too faint for field hints: gray-7 keeps 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({ variables: {}, light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' }, dark: {} })
