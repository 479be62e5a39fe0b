import heroCarouselSchema from '../../../schemas/blocks/heroCarousel.schema.json' with { type: 'json' }
import type { ConfigEdit } from '../config-edits.ts'
import type { FormatStep } from '../format-step.ts'
import { valueAt } from '../../value-at.ts'

/** The old background names → the new: the schema's `x-renamed`, which the checker suggests from too. */
const renamed: Record<string, string> = heroCarouselSchema.properties.slides.items.properties.background['x-renamed']

/** Format 3 → 4: the heroCarousel slides' background artworks were renamed. */
export const heroBackgrounds: FormatStep = {
  from: 3,
  change: `heroCarousel slides' backgrounds renamed (${Object.entries(renamed)
    .map(([old, now]) => `${old} → ${now}`)
    .join(', ')})`,
  edits(config) {
    const edits: ConfigEdit[] = []
    const routes = valueAt(config, ['routes'])
    ;(Array.isArray(routes) ? routes : []).forEach((route, r) => {
      const blocks = valueAt(route, ['blocks'])
      ;(Array.isArray(blocks) ? blocks : []).forEach((block, b) => {
        if (valueAt(block, ['type']) !== 'heroCarousel') return
        const slides = valueAt(block, ['slides'])
        ;(Array.isArray(slides) ? slides : []).forEach((slide, s) => {
          const background = valueAt(slide, ['background'])
          if (typeof background === 'string' && Object.hasOwn(renamed, background))
            edits.push({ path: ['routes', r, 'blocks', b, 'slides', s, 'background'], value: renamed[background] })
        })
      })
    })
    return { edits, notes: [] }
  },
}
