import type { FormatStep } from '../format-step.ts'
import { objectAt } from '../config-edits.ts'

/** Format 1's footer.servicesTitle default, which the one column it becomes must keep. */
const OLD_SERVICES_TITLE = 'Our Services'

/** Format 1 → 2: footer.servicesTitle and footer.services became one of the footer's link columns. */
export const footerColumns: FormatStep = {
  from: 1,
  change: 'footer.services and footer.servicesTitle became footer.columns (one column of links with its heading)',
  edits(config) {
    const footer = objectAt(config, ['footer'])
    if (!footer || !('services' in footer || 'servicesTitle' in footer)) return { edits: [], notes: [] }
    const title = typeof footer.servicesTitle === 'string' ? footer.servicesTitle : OLD_SERVICES_TITLE
    const links = Array.isArray(footer.services) ? footer.services : []
    // An existing columns list (half a migration by hand) keeps its columns after this one.
    const others = Array.isArray(footer.columns) ? footer.columns : []
    return {
      edits: [
        { path: ['footer', 'columns'], value: links.length > 0 ? [{ title, links }, ...others] : others },
        ...(['servicesTitle', 'services'] as const).filter((key) => key in footer).map((key) => ({ path: ['footer', key], remove: true as const })),
      ],
      notes: links.length > 0 ? [] : ['footer.services had no links, so the footer gets no column of services.'],
    }
  },
}
