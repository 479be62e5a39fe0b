import { loadBuiltSite, readBuiltSite, type BuiltSite } from './load-site.ts'

/**
 * The site being served, which publishing replaces while the server runs. A request takes the site
 * once, when it starts, and is answered from that one to its end: a switch changes what the next
 * request gets, never half of one already under way, and the old site's memory goes once the last
 * request holding it is answered.
 */
export interface SiteHolder {
  readonly current: BuiltSite
  /** The folder the current site was read from. */
  readonly dir: string
  /**
   * Reads the whole site in `dir` (without holding the event loop: visitors are answered from the
   * current one meanwhile; the files it shares with the current one are taken from there), then
   * serves it from the next request on; a folder that is no whole site rejects and changes nothing.
   */
  switchTo(dir: string): Promise<void>
}

export function siteHolder(dir: string): SiteHolder {
  let current = loadBuiltSite(dir)
  let currentDir = dir
  return {
    get current() {
      return current
    },
    get dir() {
      return currentDir
    },
    async switchTo(next: string) {
      current = await readBuiltSite(next, current)
      currentDir = next
    },
  }
}
