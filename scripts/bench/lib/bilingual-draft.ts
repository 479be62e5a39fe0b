type Json = Record<string, unknown>

/**
 * A config made a site in two languages, as a person starts translating one: `site.locales` set to
 * its language and `second`, and every page's title given in both (so every page is in both
 * languages), while the pages' other texts, the menus and the footer are still in the first
 * language only: the checker then has every language to check and a missing translation to
 * report for nearly every text. The same arguments always build the same draft.
 */
export function bilingualDraft(config: unknown, second = 'bn'): Json {
  const draft = structuredClone(config) as Json
  const site = draft.site as Json
  const first = String(site.locale ?? 'en').split('-')[0]!
  site.locales = [first, second]
  for (const route of (draft.routes ?? []) as Json[]) route.title = { [first]: route.title, [second]: `${String(route.title)} (${second})` }
  return draft
}
