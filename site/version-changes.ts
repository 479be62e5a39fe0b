/**
 * What a published version changed, value by value, as the editor shows it (the old and the new
 * words side by side) and as publish/ finds it (publish/page-changes.ts). Part of the shared model
 * because both sides read it; the editor names each place in its screens' words, publish/ never does.
 */

import type { VersionMeta } from './published-version.ts'

/**
 * The site as the code build made it: listed with the versions, first in every page's history, and
 * restorable, though no store keeps it. It is the build's own config (dist/.site-config.json), which
 * every instance has from its deployment, unchanged across restarts. Stored as a version, it would
 * become the current one, which each instance would then build at start-up although dist/ already
 * is that site; the kept count would push it out after a while; and a deployment with a new build
 * would have to be slotted in among versions published before it. Read from the build, it is always
 * there, costs nothing at start, and needs nothing of Redis or CONTENT_DIR. (During a rolling
 * deployment two instances may briefly have different builds: each offers its own.)
 */
export const DEPLOYED_VERSION = 'deployed'

/** A place in a JSON value: keys and list positions from its top. */
export type ValuePath = Array<string | number>

/** A value with nothing inside it: what a field shows as words. */
export type LeafValue = string | number | boolean | null

/**
 * One field whose value differs: `before` missing, it was added; `after` missing, removed. The path
 * is read in the value after the change, or in the one before when it is gone there.
 */
export interface FieldChange {
  path: ValuePath
  before?: LeafValue
  after?: LeafValue
}

/** A block of a changed page: edited in place, added, or removed. */
export interface BlockChange {
  kind: 'changed' | 'added' | 'removed'
  /** Its place on the page (from 0): after the change, or before it for a removed block. */
  index: number
  /** The block itself (as removed, or as it is after), so the editor can name its fields as its form does. */
  block: { type: string } & Record<string, unknown>
  /** The fields that differ inside the block; empty for an added or removed one. */
  fields: FieldChange[]
}

/** One page a version added, removed or changed. */
export interface PageChange {
  kind: 'added' | 'removed' | 'changed'
  /** Its address: after the change, or before it for a removed page. */
  path: string
  /** The address before, when the version changed it. */
  pathBefore?: string
  /** The page's own settings (its blocks left out): as after the change, or before it for a removed page. */
  page: { path: string; title: string } & Record<string, unknown>
  /** The page's own settings that differ (title, description, …), by their path in the page. */
  fields: FieldChange[]
  blocks: BlockChange[]
  /** The blocks kept are in another order. */
  moved: boolean
  /** Fields beyond those listed (a long list is cut short, so one answer stays small). */
  more: number
}

/** A part of the site outside the pages (menus, footer, company, theme, words, forms) that changed. */
export interface SitePartChange {
  /** Where it is in the config: ['navigation'], ['site'] (the company, its theme left out), ['site', 'theme']. */
  path: ValuePath
  /** The part as it is after the change (before, when it was removed), to name its fields. */
  value: unknown
  /** By their path from the config's top. */
  fields: FieldChange[]
  more: number
}

/** Everything one version changed against the one it was published on. */
export interface VersionChanges {
  /** False when that earlier version is no longer kept: what this one changed is no longer known. */
  known: boolean
  pages: PageChange[]
  site: SitePartChange[]
}

/** The site as deployed, for the editor: when its build wrote its config. */
export interface DeployedSite {
  id: typeof DEPLOYED_VERSION
  builtAt: string
}

/** One version in a page's history: the version, and what it did to the page (null: no longer known, as the version before it is no longer kept). */
export interface PageHistoryEntry {
  version: VersionMeta
  change: PageChange | null
}

/** The versions that changed one page, newest first, ending with the site as deployed. */
export interface PageHistory {
  /** The version current when the history was read (null: nothing published yet): a restore is published on top of it. */
  current: string | null
  entries: PageHistoryEntry[]
  /** The site as deployed, with the page's address there; `page` null when the deployed site had no such page. */
  deployed: DeployedSite & { page: string | null }
}
