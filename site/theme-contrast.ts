import type { SiteTheme } from './generated/site-config'
import { relativeLuminance, shadesOf } from './theme-colors.ts'
import { themePalettes, type ThemePalettes } from './theme-palettes.ts'

/** WCAG 2's minimum contrast for text (level AA): below it, text is hard to read for many people. */
export const MINIMUM_TEXT_CONTRAST = 4.5

/** The contrast of two colours, WCAG 2's way: from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** A ratio as people read it, rounded down, so a 4.46 never shows as a passing "4.5". */
export const ratioWords = (ratio: number) => `${Math.floor(ratio * 100) / 100}:1`

type ThemeColour = 'primaryColor' | 'accentColor'

/** Text in one colour on a background in another, as the site's stylesheets pair them. */
export interface TextPairing {
  /** Where the site puts this text, in words, for the checker's message and the editor's table. */
  use: string
  text(palettes: ThemePalettes): string
  background(palettes: ThemePalettes): string
  /** The theme colour that decides the pairing: a darker one raises the contrast. */
  colour: ThemeColour
}

const white = '#ffffff'

/**
 * The pairings of a theme colour with text that the site really draws (kit/ui/surfaces.module.css,
 * kit/ui/ActionLinks.module.css, the blocks' stylesheets), each at the background where it is
 * faintest. Pairings these imply are left out: white on the darker shades of the primary colour
 * (the header, the navy bands) passes whenever white on the primary colour does, and the primary
 * colour as link or icon colour on white has the very contrast of white on it.
 */
export const TEXT_PAIRINGS: readonly TextPairing[] = [
  {
    use: 'White button labels on the primary colour',
    text: () => white,
    background: (palettes) => palettes.brand[6],
    colour: 'primaryColor',
  },
  {
    // --section-accent of the light sections is the accent's shade 8; the tinted section (slate 1) is the darker of their backgrounds.
    use: 'Accent text on light sections (eyebrows, figures, links: the accent’s shade 8 on the tinted background)',
    text: (palettes) => palettes.accent[8],
    background: (palettes) => palettes.slate[1],
    colour: 'accentColor',
  },
  {
    // The navy bands run from the primary colour's shade 9 to shade 8; highlighted words take the accent's bright tint 3.
    use: 'Highlighted words on the navy bands (the accent’s bright tint on the primary colour’s shade 8)',
    text: (palettes) => palettes.highlight[3],
    background: (palettes) => palettes.brand[8],
    colour: 'primaryColor',
  },
]

/** One pairing worked out for a theme. */
export interface PairingContrast {
  pairing: TextPairing
  text: string
  background: string
  ratio: number
  passes: boolean
}

type ThemeColours = Pick<SiteTheme, ThemeColour>

function contrastOf(pairing: TextPairing, palettes: ThemePalettes): PairingContrast {
  const text = pairing.text(palettes)
  const background = pairing.background(palettes)
  const ratio = contrastRatio(text, background)
  return { pairing, text, background, ratio, passes: ratio >= MINIMUM_TEXT_CONTRAST }
}

/** Every pairing of the theme's colours with its contrast: the editor's table, the checker's rule. */
export function themeContrast(theme: ThemeColours): PairingContrast[] {
  const palettes = themePalettes(theme)
  return TEXT_PAIRINGS.map((pairing) => contrastOf(pairing, palettes))
}

/**
 * A colour that fixes a failing pairing: the first of the deciding colour's own darker shades (7,
 * 8, 9: the same hue, as the site would draw its hover and bands) with which the pairing passes,
 * and the contrast it reaches; undefined when even the darkest does not.
 */
export function darkerFix(theme: ThemeColours, pairing: TextPairing): { colour: string; ratio: number } | undefined {
  for (const candidate of shadesOf(theme[pairing.colour]).slice(7)) {
    const found = contrastOf(pairing, themePalettes({ ...theme, [pairing.colour]: candidate }))
    if (found.passes) return { colour: candidate, ratio: found.ratio }
  }
  return undefined
}
