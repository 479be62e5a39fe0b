import { alpha, createTheme, DEFAULT_THEME, rem, type CSSVariablesResolver, type MantineRadiusValues, type MantineThemeOverride } from '@mantine/core'
import { config, themePalettes } from '../kit/config'
import type { SiteTheme } from '../site/generated/site-config'
import type { ThemePalettes } from '../site/theme-palettes'
import { themeFontStacks } from '../site/web-fonts'

/**
 * Mantine's theme from `site.theme` and its palettes (site/theme-palettes.ts, worked out at
 * build time): `brand`, `accent`, `highlight` and the fixed neutral `slate`. Stylesheets read them through Mantine's CSS variables
 * (--mantine-primary-color-filled, --mantine-color-accent-6, --mantine-color-highlight-3,
 * --mantine-color-slate-6, …), so a new primaryColor or accentColor re-brands every page.
 *
 * Shadows `sm` (cards) and `md` (the form card) are the site's slate-tinted ones; none of the
 * Mantine components the site uses reads them (the drawer's is `xl`, the header menu's `lg`).
 * `other.navy` is the footer's dark navy: the brand's darkest shade deepened toward slate.
 */
/**
 * `site.theme.radius` scales every corner of the site, not only Mantine's buttons and fields: the
 * cards, panels and pills read --mantine-radius-lg and -xl, so the whole scale is multiplied. "md"
 * is Mantine's own scale (the shipped look); "xs" makes a card almost square, "xl" twice as round.
 */
const RADIUS_FACTOR = { xs: 0.25, sm: 0.5, md: 1, lg: 1.5, xl: 2 } as const

function radiusScale(radius: keyof typeof RADIUS_FACTOR = 'md'): MantineRadiusValues {
  const factor = RADIUS_FACTOR[radius]
  return Object.fromEntries(Object.entries(DEFAULT_THEME.radius).map(([size, value]) => [size, factor === 1 ? value : `calc(${value} * ${factor})`])) as MantineRadiusValues
}

export function siteTheme(theme: SiteTheme, { brand, accent, highlight, slate, navy }: ThemePalettes) {
  const fonts = themeFontStacks(theme)
  const shadow = (opacity: number) => alpha(slate[9], opacity)
  return createTheme({
    primaryColor: 'brand',
    colors: { brand, accent, highlight, slate },
    primaryShade: 6,
    fontFamily: fonts.body,
    headings: { fontFamily: fonts.headings, fontWeight: '700' },
    radius: radiusScale(theme.radius),
    defaultRadius: 'md',
    shadows: {
      sm: `0 ${rem(1)} ${rem(2)} ${shadow(0.06)}, 0 ${rem(8)} ${rem(24)} ${shadow(0.06)}`,
      md: `0 ${rem(1)} ${rem(2)} ${shadow(0.06)}, 0 ${rem(12)} ${rem(32)} ${shadow(0.08)}`,
    },
    other: { navy },
  })
}

let built: { from: SiteTheme; theme: MantineThemeOverride } | undefined

/** The theme of the config handed in (kit/config.ts), worked out again only when that config's theme is another. */
export function providedTheme(): MantineThemeOverride {
  if (built?.from !== config.site.theme) built = { from: config.site.theme, theme: siteTheme(config.site.theme, themePalettes) }
  return built.theme
}

/**
 * Variables beyond Mantine's own: `--site-color-navy` (theme.other.navy). Mantine's dimmed grey
 * (gray-6, 3.3:1 on white) is too faint for field hints: gray-7 keeps 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: { '--site-color-navy': resolved.other.navy as string },
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
})
