import { alpha, createTheme, rem, type CSSVariablesResolver } from '@mantine/core'
import { config } from '../kit/config'
import type { SiteTheme } from '../site/generated/site-config'
import { mixHex, shadesOf, slate, tintsOf } from './theme-colors'

/**
 * Mantine's theme from `site.theme`. Palettes: `brand` and `accent` generated from the two colours
 * (each given colour is shade 6, Mantine's filled shade in the light scheme), `highlight` (vivid
 * tints of the accent: pale fills on light sections, bright text and icons on the navy bands) and
 * the fixed neutral `slate`. Stylesheets read them through Mantine's CSS variables
 * (--mantine-primary-color-filled, --mantine-color-accent-6, --mantine-color-highlight-3,
 * --mantine-color-slate-6, …), so a new primaryColor or accentColor re-brands every page.
 *
 * Shadows `sm` (cards) and `md` (the form card) are the site's slate-tinted ones; none of the
 * Mantine components the site uses reads them (the drawer's is `xl`, the header menu's `lg`).
 * `other.navy` is the footer's dark navy: the brand's darkest shade deepened toward slate.
 */
export function siteTheme({ primaryColor, accentColor, fontFamily, headingsFontFamily = fontFamily, radius }: SiteTheme) {
  const brand = shadesOf(primaryColor)
  const shadow = (opacity: number) => alpha(slate[9], opacity)
  return createTheme({
    primaryColor: 'brand',
    colors: { brand, accent: shadesOf(accentColor), highlight: tintsOf(accentColor), slate },
    primaryShade: 6,
    fontFamily,
    headings: { fontFamily: headingsFontFamily, fontWeight: '700' },
    defaultRadius: radius,
    shadows: {
      sm: `0 ${rem(1)} ${rem(2)} ${shadow(0.06)}, 0 ${rem(8)} ${rem(24)} ${shadow(0.06)}`,
      md: `0 ${rem(1)} ${rem(2)} ${shadow(0.06)}, 0 ${rem(12)} ${rem(32)} ${shadow(0.08)}`,
    },
    other: { navy: mixHex(brand[9], slate[9], 0.75) },
  })
}

export const theme = siteTheme(config.site.theme)

/**
 * Variables beyond Mantine's own: `--site-color-navy` (theme.other.navy). Mantine's dimmed grey
 * (gray-6, 3.3:1 on white) is too faint for field hints: gray-7 keeps 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: { '--site-color-navy': resolved.other.navy as string },
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
})
