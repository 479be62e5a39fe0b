import type { SectionBackground, SiteConfig, SiteTheme } from '../../../site/generated/site-config'
import { themePalettes, type ThemePalettes } from '../../../site/theme-palettes.ts'
import { schemaAt, valueAt } from '../schema/config-schema'
import type { JsonPath } from '../state/json-path'

type ThemeColours = Pick<SiteTheme, 'primaryColor' | 'accentColor'>

const hexColour = /^#[0-9a-fA-F]{6}$/

/**
 * Each section tone a block's `background` names, painted as kit/ui/surfaces.module.css paints it
 * (tinted: the neutral slate's shade 1; navy: the primary colour's shade 9 to shade 8), in the
 * theme's palettes as the build makes them.
 */
const TONES: Record<SectionBackground, (palettes: ThemePalettes) => string> = {
  white: () => '#ffffff',
  tinted: (palettes) => palettes.slate[1],
  navy: (palettes) => `linear-gradient(135deg, ${palettes.brand[9]} 0%, ${palettes.brand[8]} 100%)`,
}

const isTone = (value: unknown): value is SectionBackground => typeof value === 'string' && Object.hasOwn(TONES, value)

/** The theme's colours; the default theme's while one of them is half typed in the Theme screen. */
function themeOf(config: SiteConfig): ThemeColours {
  const fallback = schemaAt(['site', 'theme'])?.default as ThemeColours
  const theme = (config.site.theme ?? fallback) as ThemeColours
  return hexColour.test(theme.primaryColor) && hexColour.test(theme.accentColor) ? theme : fallback
}

/**
 * What a picture at this place of the config is shown on: the tone of the section of the block it
 * is in (a logo for a tinted strip is seen on that tint: a white logo on white would look
 * missing), white for a picture outside a block or in one without a tone.
 */
export function backdropAt(config: SiteConfig, path: JsonPath): string {
  const [routes, route, blocks, block] = path
  const background = routes === 'routes' && blocks === 'blocks' ? valueAt(config, ['routes', route!, 'blocks', block!, 'background']) : undefined
  return TONES[isTone(background) ? background : 'white'](themePalettes(themeOf(config)))
}
