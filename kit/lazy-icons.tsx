import type { Icon, IconProps } from '@tabler/icons-react'
import { createElement, lazy, Suspense, type ComponentType } from 'react'
import type { IconName } from '../site/generated/site-config'
import { iconLoaders } from './icon-loaders'

export { iconNamesIn } from '../site/icon-names'

const loaded = new Map<IconName, Icon>()
const lazies = new Map<IconName, ComponentType<IconProps>>()
const wrappers = new Map<IconName, ComponentType<IconProps>>()

async function load(name: IconName) {
  const module = await iconLoaders[name]()
  loaded.set(name, module.default)
  return module
}

/** Loads icons ahead, so they render at once (the prerender loads them all, a navigation its page's). */
export async function preloadIcons(names: Iterable<IconName>): Promise<void> {
  await Promise.all([...new Set(names)].filter((name) => !loaded.has(name)).map(load))
}

/** An icon preloadIcons has loaded (kit/ShellIcon.tsx draws the shell's with it). */
export const loadedIcon = (name: IconName): Icon | undefined => loaded.get(name)

/**
 * The component of a config icon, drawn like the Tabler icon itself. Each icon is a chunk of its
 * own: one loaded ahead renders at once, any other inside its own Suspense boundary, which the
 * prerendered HTML has too. So a page hydrates before its icons' chunks arrive (the build
 * preloads them from the first frame) and keeps their prerendered SVG meanwhile.
 */
export function iconFor(name: IconName): ComponentType<IconProps> {
  let wrapper = wrappers.get(name)
  if (!wrapper) {
    wrapper = function SiteIcon(props: IconProps) {
      let Drawn: ComponentType<IconProps> | undefined = loaded.get(name) ?? lazies.get(name)
      if (!Drawn) lazies.set(name, (Drawn = lazy(() => load(name))))
      return (
        <Suspense fallback={null}>
          <Drawn {...props} />
        </Suspense>
      )
    }
    wrappers.set(name, wrapper)
  }
  return wrapper
}

/**
 * A config icon by name. `iconFor` hands out one component per name, made once and cached, so
 * React sees the same component on every render (createElement, since a lint rule cannot know the
 * component is not made anew).
 */
export function SiteIcon({ name, ...props }: IconProps & { name: IconName }) {
  return createElement(iconFor(name), props)
}
