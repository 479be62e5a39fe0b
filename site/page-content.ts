import type { Route } from './generated/site-config'

/**
 * What of a route loads with its page, from the page's own chunk: its head (title, description,
 * share image) and its blocks. The rest (address, aliases, layout) is in the route table every
 * page carries. Written once here for the build's config modules and the editor's preview.
 */
const pageContentKeys = ['title', 'description', 'shareImage', 'blocks'] as const

export type PageContent = Pick<Route, (typeof pageContentKeys)[number]>

/** A route as every page knows it: everything but its content, which loads with the page; in a site of several languages, where the page is in each (site/languages.ts). */
export type RouteSummary = Omit<Route, keyof PageContent> & { alternates?: Record<string, string> }

export function routeSummaryOf(route: Route & Pick<RouteSummary, 'alternates'>): RouteSummary {
  const summary: Record<string, unknown> = { ...route }
  for (const key of pageContentKeys) delete summary[key]
  return summary as RouteSummary
}

export function pageContentOf(route: Route): PageContent {
  return Object.fromEntries(pageContentKeys.filter((key) => route[key] !== undefined).map((key) => [key, route[key]])) as PageContent
}
