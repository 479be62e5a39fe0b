import type { Navigation } from '../../../site/generated/site-config'

/** Each page's place in the navigation, "Services › Security Solutions", for the pages list. */
export function menuPlaces(navigation: Navigation): Map<string, string> {
  const places = new Map<string, string>()
  const visit = (items: Navigation['items'], trail: string[]) => {
    for (const item of items) {
      const entry = item as { label: string; to?: string; items?: Navigation['items'] }
      if (entry.to && !places.has(entry.to)) places.set(entry.to, trail.length ? trail.join(' › ') : 'Top menu')
      if (entry.items) visit(entry.items, [...trail, entry.label])
    }
  }
  visit(navigation.items, [])
  return places
}
