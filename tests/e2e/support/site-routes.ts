import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { placeholderTitle } from '../../../blocks/placeholder/placeholder-title.ts'
import type { Block, Route, SiteConfig } from '../../../site/generated/site-config.ts'
import { pageHead } from '../../../runtime/head.ts'
import { root } from '../../../scripts/lib/paths.ts'
import { withSchemaDefaults } from '../../../authoring/config/config-defaults.ts'

/** The shipped config, read the way the build reads it, so the tests follow every edit of it. */
export const siteConfig = JSON.parse(readFileSync(join(root, 'site.config.json'), 'utf8')) as SiteConfig

export const siteRoutes: Route[] = siteConfig.routes

/** The <title> the page must carry: the same rule the prerender and client navigation use. */
export const expectedTitle = (route: Route) => pageHead(siteConfig.site, route).title

/**
 * The text of the page's one h1 as the config gives it: the first hero slide's title, the page
 * hero's heading, or the title a placeholder builds from its path. Null when the first block is
 * not one that carries the h1 (the crawl then only checks that there is exactly one, non-empty).
 */
export function expectedHeading(route: Route): string | null {
  const first = route.blocks[0] as Block | undefined
  switch (first?.type) {
    case 'heroCarousel':
      return first.slides[0]?.title ?? null
    case 'pageHero':
      return first.heading
    case 'placeholder':
      return placeholderTitle(route.path, withSchemaDefaults(siteConfig).texts.placeholder.home)
    default:
      return null
  }
}

/** Blocks of one type across the site, with the route each sits on. */
export function blocksOfType<T extends Block['type']>(type: T): { route: Route; block: Extract<Block, { type: T }> }[] {
  return siteRoutes.flatMap((route) => route.blocks.filter((block): block is Extract<Block, { type: T }> => block.type === type).map((block) => ({ route, block })))
}
