import type { ChangeSummary, DeployedSite, VersionMeta } from '../../server/published-versions'

const when = (iso: string) => new Date(iso).toLocaleString()

/** How the lines name a page and a part of the site: by its title and its screen's name, given by the editor. */
export interface SummaryNames {
  page(path: string): string
  part(key: string): string
}

/**
 * What a version changed, one line per kind, in the editor's words: pages by their titles, the
 * site's parts by their screens' names. The stored summary's own words about blocks ("blocks
 * changed: 1. heroCarousel") are the versions command's; "Show what changed" gives the words.
 */
export function changeLines({ routes, site }: ChangeSummary, names: SummaryNames): string[] {
  const list = (paths: string[]) => paths.map(names.page).join(', ')
  return [
    ...(routes.added.length ? [`New ${routes.added.length === 1 ? 'page' : 'pages'}: ${list(routes.added)}`] : []),
    ...(routes.removed.length ? [`Deleted: ${list(routes.removed)}`] : []),
    ...(routes.changed.length ? [`Changed: ${list(routes.changed.map((page) => page.path))}`] : []),
    ...(site.length ? [`Also changed: ${site.map(names.part).join(', ')}`] : []),
  ]
}

/** Who published a version and when, in the reader's own time: "asha, 3 Mar 2026, 14:05". */
export const publishedBy = (version: VersionMeta) => `${version.author}, ${when(version.publishedAt)}`

/** The site as deployed, with its build's date: "The site as deployed (built 1 Mar 2026, 09:00)". */
export const deployedWords = (deployed: DeployedSite) => `The site as deployed (built ${when(deployed.builtAt)})`

/** What restoring a page from before a version brings back: "as it was before asha’s change of 3 Mar 2026, 14:05". */
export const beforeChangeOf = (version: VersionMeta) => `as it was before ${version.author}’s change of ${when(version.publishedAt)}`

/** What restoring a page as deployed brings back. */
export const AS_DEPLOYED = 'as it was when the site was deployed'
