import { addressKey } from '../authoring/check/site-addresses.ts'
import type { ChangeSummary } from '../site/published-version.ts'
import { DEPLOYED_VERSION, type DeployedSite, type PageHistory, type PageHistoryEntry, type VersionChanges } from '../site/version-changes.ts'
import { configOfText } from './change-summary.ts'
import { versionChanges } from './page-changes.ts'
import type { VersionMeta, VersionStore } from './version-store.ts'

export interface VersionHistoryOptions {
  store: VersionStore
  /** The code build's config: the site as deployed, and what the first version was published on. */
  builtText: string
  /** When the build wrote it (ISO 8601). */
  builtAt: string
  /**
   * A stored text as today's config format reads it (publish/todays-format.ts, the publisher's), so a
   * version published before a format change shows what its editor changed, not what the format did.
   * As stored when not given.
   */
  inTodaysFormat?: (text: string, version: string) => Promise<string>
}

/**
 * A page's history looks this far back at most, so one request reads a bounded number of texts
 * whatever EDITOR_VERSIONS_KEPT says; as many versions' changes are remembered.
 */
export const HISTORY_DEPTH = 200

const UNKNOWN: VersionChanges = { known: false, pages: [], site: [] }

/** Whether the stored one-line summary of a version names the page at `path` (for a version whose changes are no longer known). */
const summaryNames = ({ routes }: ChangeSummary, path: string) => [...routes.added, ...routes.removed, ...routes.changed.map((page) => page.path)].includes(path)

/**
 * What each published version changed, value by value, and each page's history, for the editor's
 * Versions screen and a page's History. A version and the one it was published on never change, so
 * what one changed is worked out once and remembered (the newest HISTORY_DEPTH of them).
 * Measured on the shipped config (0.2 MB): reading a version's text takes about 0.4 ms and finding
 * its changes about 0.5 ms (1.2 ms when every page changed), so each version is one short slice of
 * the event loop between the store's reads, and needs no thread of its own.
 */
export function versionHistory({ store, builtText, builtAt, inTodaysFormat = async (text) => text }: VersionHistoryOptions) {
  const known = new Map<string, Promise<VersionChanges>>()
  const deployed: DeployedSite = { id: DEPLOYED_VERSION, builtAt }

  async function textOf(id: string | null): Promise<string | undefined> {
    const text = id === null ? builtText : (await store.get(id))?.configText
    return text === undefined ? undefined : inTodaysFormat(text, id ?? DEPLOYED_VERSION)
  }

  async function work(meta: VersionMeta): Promise<VersionChanges> {
    const [beforeText, afterText] = await Promise.all([textOf(meta.base), textOf(meta.id)])
    const before = configOfText(beforeText)
    const after = configOfText(afterText)
    return before && after ? versionChanges(before, after) : UNKNOWN
  }

  function changesOf(meta: VersionMeta): Promise<VersionChanges> {
    let found = known.get(meta.id)
    if (!found) {
      found = work(meta)
      known.set(meta.id, found)
      // The oldest worked out goes first: a page's history reads the newest versions.
      if (known.size > HISTORY_DEPTH) known.delete(known.keys().next().value!)
      // A failure (the store down) is not kept: the next request tries again.
      found.catch(() => known.delete(meta.id))
    }
    return found
  }

  return {
    deployed: () => deployed,

    /** What version `id` changed against the one it was published on; undefined when the store does not keep it. */
    async changes(id: string): Promise<{ version: VersionMeta; changes: VersionChanges } | undefined> {
      const version = (await store.get(id))?.meta
      return version && { version, changes: await changesOf(version) }
    },

    /**
     * The versions that changed the page now at `path` (newest first, followed back through its
     * earlier addresses, and stopping at the one that added it), then the page in the site as
     * deployed. `path` may also be the address of a page deleted since: its history starts with
     * the version that removed it.
     */
    async pageHistory(path: string): Promise<PageHistory> {
      const [metas, current] = await Promise.all([store.list(), store.current()])
      const entries: PageHistoryEntry[] = []
      let tracked: string | null = path
      for (const meta of metas.slice(0, HISTORY_DEPTH)) {
        if (tracked === null) break
        const changes = await changesOf(meta)
        if (!changes.known) {
          if (summaryNames(meta.summary, tracked)) entries.push({ version: meta, change: null })
          continue
        }
        const change = changes.pages.find((page) => page.path === tracked)
        if (!change) continue
        entries.push({ version: meta, change })
        tracked = change.kind === 'added' ? null : (change.pathBefore ?? tracked)
      }
      const deployedRoutes = configOfText(builtText)?.routes ?? []
      const key = tracked === null ? undefined : addressKey(tracked)
      const deployedPage = deployedRoutes.find((route) => [route.path, ...(route.aliases ?? [])].some((address) => addressKey(address) === key))
      return { current: current?.meta.id ?? null, entries, deployed: { ...deployed, page: deployedPage?.path ?? null } }
    },
  }
}
