import { darkerFix, themeContrast } from '../../site/theme-contrast.ts'
import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { SourcePositions } from './source-positions.ts'
import { isRecord } from './walk.ts'

const hexColour = /^#[0-9a-fA-F]{6}$/

/**
 * Text the site draws in the theme's colours must stay readable: each pairing of
 * site/theme-contrast.ts (white on the primary colour, the accent's text shade on the light
 * sections, highlighted words on the navy bands) needs 4.5:1. The editor's theme screen shows the
 * same pairings from the same module. A site without a theme takes the schema's default colours,
 * which pass (tests/unit/theme-contrast.test.ts holds them to it); a colour the schema refuses is
 * reported there.
 */
export function lowContrastFindings(data: unknown, positions: SourcePositions): Finding[] {
  const theme = isRecord(data) && isRecord(data.site) && isRecord(data.site.theme) ? data.site.theme : undefined
  const { primaryColor, accentColor } = theme ?? {}
  if (typeof primaryColor !== 'string' || typeof accentColor !== 'string' || !hexColour.test(primaryColor) || !hexColour.test(accentColor)) return []
  const colours = { primaryColor, accentColor }
  return themeContrast(colours)
    .filter((found) => !found.passes)
    .map((found) => {
      const valuePath = ['site', 'theme', found.pairing.colour]
      const said = say(errorCatalogue.lowContrast, {
        use: found.pairing.use,
        text: found.text,
        background: found.background,
        ratio: found.ratio,
        name: found.pairing.colour,
        value: colours[found.pairing.colour],
        fix: darkerFix(colours, found.pairing),
      })
      return { ...said, wherePath: ['site', 'theme'], valuePath, ...positions.valuePosition(valuePath) }
    })
}
