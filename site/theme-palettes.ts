import type { SiteTheme } from './generated/site-config'
import { mixHex, shadesOf, slate, tintsOf } from './theme-colors.ts'

/**
 * The colour palettes of the Mantine theme, from `site.theme`: `brand` and `accent` (each given
 * colour is shade 6, Mantine's filled shade in the light scheme), `highlight` (vivid tints of the
 * accent: pale fills on light sections, bright text and icons on the navy bands), the fixed neutral
 * `slate`, and `navy`, the footer's dark navy (the brand's darkest shade deepened toward slate).
 * Worked out at build time by the config's Vite plugin (virtual:site-theme), so the colour maths
 * stays out of every page's start-up JavaScript.
 */
export function themePalettes({ primaryColor, accentColor }: Pick<SiteTheme, 'primaryColor' | 'accentColor'>) {
  const brand = shadesOf(primaryColor)
  return { brand, accent: shadesOf(accentColor), highlight: tintsOf(accentColor), slate, navy: mixHex(brand[9], slate[9], 0.75) }
}

export type ThemePalettes = ReturnType<typeof themePalettes>
