import type { AuthoredRoute } from './authored-route.ts'
import { servicePage, type ServicePageInput } from './service-page.ts'

/** What a new page starts with: `npm run new-page` makes service pages; the visual editor offers all three. */
export const PAGE_TEMPLATES = ['service', 'text', 'empty'] as const
export type PageTemplate = (typeof PAGE_TEMPLATES)[number]

export function pageFromTemplate(template: PageTemplate, input: ServicePageInput): AuthoredRoute {
  if (template === 'service') return servicePage(input)
  const { path, title } = input
  // A page needs at least one block (schemas/defs/route.schema.json), so "empty" keeps its heading.
  const hero = { type: 'pageHero' as const, heading: title }
  if (template === 'empty') return { path, title, description: '', blocks: [hero] }
  return { path, title, description: '', blocks: [hero, { type: 'textSection', heading: '', paragraphs: [''] }] }
}
