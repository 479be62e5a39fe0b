import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { withSchemaDefaults } from '../authoring/config/config-defaults.ts'
import { builtSiteFiles } from '../site/built-site-files.ts'
import type { Route, SiteConfig } from '../site/generated/site-config.ts'
import { languageSites } from '../site/languages.ts'

/** Each page's path → the day (YYYY-MM-DD, UTC: W3C's date format, the sitemap's lastmod) its content last changed. */
export type PageDates = Record<string, string>

/** The day of `time` in UTC, as YYYY-MM-DD. */
export const dayOf = (time: Date): string => time.toISOString().slice(0, 10)

const routesByPath = (config: SiteConfig) => new Map(languageSites(config).flatMap((site) => site.config.routes.map((route): [string, Route] => [route.path, route])))

/**
 * A site built before, as far as its pages' dates go: its config and the dates it gave its pages.
 * Read from any built site (the version a publish goes onto, the deployed dist/), whatever its code
 * build: the dates follow the content, not the scripts. Undefined when it has none.
 */
export function readPageDates(dir: string): { config: SiteConfig; dates: PageDates } | undefined {
  try {
    const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8')
    return { config: withSchemaDefaults(JSON.parse(read(builtSiteFiles.configText)) as SiteConfig), dates: JSON.parse(read(builtSiteFiles.pageDates)) as PageDates }
  } catch {
    return undefined
  }
}

/**
 * The day each page of `config` last changed: a page whose route (its title, description and blocks,
 * in its language) is the same in the earlier site keeps that site's day; any other page changed on
 * `today`. What is around every page (menus, footer, site settings) changes no page's day: a
 * crawler is told of a page whose own content changed, not of every page each time the footer does.
 */
export function pageDatesOf(config: SiteConfig, earlier: { config: SiteConfig; dates: PageDates } | undefined, today: string): PageDates {
  const before = earlier ? routesByPath(earlier.config) : new Map<string, Route>()
  const dates: PageDates = {}
  for (const [page, route] of routesByPath(config)) {
    const kept = earlier?.dates[page]
    dates[page] = kept && isDeepStrictEqual(before.get(page), route) ? kept : today
  }
  return dates
}

/**
 * The day a config file's content was last changed, for a build from it with no earlier site: its
 * last commit's day when the file is as committed (building the same commit again says the same day,
 * where the build's own day would tell crawlers every page changed at every build), else the file's
 * modification day (edited since, or no git here, as on a production install).
 */
export function configFileDay(file: string): string {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: path.dirname(file), encoding: 'utf8' })
  const unchanged = git('diff', '--quiet', 'HEAD', '--', path.basename(file))
  const committed = unchanged.status === 0 ? git('log', '-1', '--format=%cI', '--', path.basename(file)).stdout.trim() : ''
  return dayOf(committed ? new Date(committed) : fs.statSync(file).mtime)
}
