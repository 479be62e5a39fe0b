import { startTransition, type ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { registry } from '../../blocks/registry'
import { builtSiteData } from '../built-site-data'
import { provideSiteData } from '../../kit/config'
import { iconNamesIn } from '../../site/icon-names'
import { HYDRATION_ATTRIBUTE, islandIdPrefix, ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE } from '../../kit/islands/island-markup'
import { IslandRoot } from './IslandRoot'
import { whenWanted } from './when-wanted'

type AnyComponent = ComponentType<Record<string, unknown>>

/** An island's component: an interactive block's (or the part of it that moves), from its own chunk. */
async function componentOf(name: string, props: Record<string, unknown>): Promise<AnyComponent> {
  type Loader = () => Promise<{ default: unknown }>
  const block = (registry as Record<string, { load: Loader; island?: Loader }>)[name]
  if (!block) throw new Error(`The page has an island "${name}", which is not a block type`)
  // The block's own island, the part of it that moves, or else the whole block.
  const entry = { load: block.island ?? block.load }
  // A block's icons are drawn at once (kit/lazy-icons.tsx), so hydration meets the prerendered ones.
  const icons = iconNamesIn(props)
  const loadIcons = icons.size ? import('../../kit/lazy-icons').then((module) => module.preloadIcons([...icons])) : undefined
  const [module] = await Promise.all([entry.load(), loadIcons])
  return module.default as AnyComponent
}

/**
 * Hydrates each island of a prerendered page (kit/islands/Island.tsx) as a React root of its
 * own, when it wants to be: the first screen's at once, the others as they come near. The rest of
 * the page stays the prerendered HTML, with no React work. The page's data (built-site-data.ts) is
 * what the islands' components read (kit/config.ts), provided before the first of them renders.
 */
export function hydrateIslands(): void {
  const page = builtSiteData().then(({ data, path }) => {
    provideSiteData(data, (path) => Promise.reject(new Error(`A built page loads no other page's content (${path})`)))
    return path
  })
  document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`).forEach((element, index) => {
    const name = element.getAttribute(ISLAND_ATTRIBUTE)!
    const props = JSON.parse(element.getAttribute(PROPS_ATTRIBUTE) ?? '{}') as Record<string, unknown>
    whenWanted(element.getAttribute(HYDRATION_ATTRIBUTE) === 'idle' ? 'idle' : 'visible', element, () => {
      void Promise.all([componentOf(name, props), page]).then(([Component, path]) => {
        // In a transition React yields to the browser every few milliseconds instead of one long task.
        startTransition(() => {
          hydrateRoot(
            element,
            <IslandRoot path={path}>
              <Component {...props} />
            </IslandRoot>,
            { identifierPrefix: islandIdPrefix(index) },
          )
        })
      })
    })
  })
}
