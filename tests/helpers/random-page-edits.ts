import fc from 'fast-check'
import type { Block, Route, SiteConfig } from '../../site/generated/site-config.ts'

/** A page of a config being edited, with who it is: an address may change, the page stays the same one. */
interface KnownPage {
  id: number
  route: Route
}

/** A config as its pages with their identities, and the site's other parts. */
export interface EditedSite {
  config: Omit<SiteConfig, 'routes'>
  pages: KnownPage[]
}

/** What an editor does to a site between two publishes; positions are taken modulo what is there. */
export type PageEdit =
  | { kind: 'title'; at: number; text: string }
  | { kind: 'blockText'; at: number; block: number; text: string }
  | { kind: 'removeBlock'; at: number; block: number }
  | { kind: 'moveBlock'; at: number; from: number; to: number }
  | { kind: 'removePage'; at: number }
  | { kind: 'addPage'; at: number }
  | { kind: 'rename'; at: number; keepAlias: boolean }
  | { kind: 'phone'; text: string }

const words = fc.string({ minLength: 1, maxLength: 20 })
const at = fc.nat({ max: 1000 })

export const pageEdit: fc.Arbitrary<PageEdit> = fc.oneof(
  fc.record({ kind: fc.constant('title'), at, text: words }),
  fc.record({ kind: fc.constant('blockText'), at, block: at, text: words }),
  fc.record({ kind: fc.constant('removeBlock'), at, block: at }),
  fc.record({ kind: fc.constant('moveBlock'), at, from: at, to: at }),
  fc.record({ kind: fc.constant('removePage'), at }),
  fc.record({ kind: fc.constant('addPage'), at }),
  fc.record({ kind: fc.constant('rename'), at, keepAlias: fc.boolean() }),
  fc.record({ kind: fc.constant('phone'), text: words }),
) as fc.Arbitrary<PageEdit>

export const siteOf = ({ routes, ...config }: SiteConfig): EditedSite => ({ config, pages: routes.map((route, id) => ({ id, route })) })
export const configOf = ({ config, pages }: EditedSite): SiteConfig => ({ ...config, routes: pages.map((page) => page.route) }) as SiteConfig

/** A number no page has had yet, for new pages and new addresses. */
let made = 10_000

/** The site with the edits done, in order, on copies (the site given is left as it was). */
export function edited(site: EditedSite, edits: PageEdit[]): EditedSite {
  const next = structuredClone(site)
  const { pages } = next
  for (const edit of edits) {
    if (edit.kind === 'phone') {
      next.config.site.phone = edit.text
      continue
    }
    // One page is always left, as the schema asks.
    if (pages.length === 0) continue
    const index = edit.at % pages.length
    const route = pages[index]!.route
    const blocks = route.blocks
    const block = 'block' in edit ? edit.block % Math.max(1, blocks.length) : 0
    if (edit.kind === 'title') route.title = edit.text
    else if (edit.kind === 'blockText' && blocks[block]) (blocks[block] as Block & { heading?: string }).heading = edit.text
    else if (edit.kind === 'removeBlock' && blocks.length > 1) blocks.splice(block, 1)
    else if (edit.kind === 'moveBlock' && blocks.length > 1) blocks.splice(edit.to % blocks.length, 0, blocks.splice(edit.from % blocks.length, 1)[0]!)
    else if (edit.kind === 'removePage' && pages.length > 1) pages.splice(index, 1)
    else if (edit.kind === 'addPage') pages.splice(index + 1, 0, { id: (made += 1), route: { ...structuredClone(route), path: `/added-${made}`, aliases: [] } })
    else if (edit.kind === 'rename') {
      const old = route.path
      route.path = `/renamed-${(made += 1)}`
      if (edit.keepAlias) route.aliases = [...(route.aliases ?? []), old]
    }
  }
  return next
}
