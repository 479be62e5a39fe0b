import type { ChangeSummary, VersionMeta } from '../../server/published-versions'

/** What a version changed, one line per part, in the words the server gave: "Page /about changed: title, blocks 3 (cards)". */
export function changeLines({ routes, site }: ChangeSummary): string[] {
  return [
    ...routes.added.map((path) => `Page ${path} added`),
    ...routes.removed.map((path) => `Page ${path} removed`),
    ...routes.changed.map(({ path, what }) => `Page ${path} changed${what.length ? `: ${what.join(', ')}` : ''}`),
    ...(site.length ? [`Also changed: ${site.join(', ')}`] : []),
  ]
}

/** Who published a version and when, in the reader's own time: "asha, 3 Mar 2026, 14:05". */
export const publishedBy = (version: VersionMeta) => `${version.author}, ${new Date(version.publishedAt).toLocaleString()}`
