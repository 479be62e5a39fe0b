import { createContext, useContext, type ComponentType, type ReactElement } from 'react'
import type { Hydration } from '../hydration'
import classes from './Island.module.css'
import { ENHANCE_ATTRIBUTE, HYDRATION_ATTRIBUTE, ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE } from './island-markup'

/** The islands of one prerendered page, in the order they are in its HTML, which the prerender renders on their own. */
export type IslandCollector = ReactElement[]

/** Given only by the prerender (runtime/entry-server.tsx): everywhere else an island renders inline, as any component. */
export const IslandCollection = createContext<IslandCollector | null>(null)

interface IslandProps<P extends object> {
  /** A block type, or a part of the shell (runtime/islands/shell-parts.ts): what the browser loads to bring it to life. */
  name: string
  hydration: Hydration
  component: ComponentType<P>
  /** Everything the component renders with: written into the page as JSON, so small and the page's own. */
  props: P
  /**
   * Its behaviour is plain script (kit/enhancer.ts): the prerender leaves the component's HTML in a
   * marked wrapper, which the page enhances, and no props and no React root.
   */
  enhanced?: boolean
}

/**
 * A part of a page that the browser brings to life on its own: with plain script on its prerendered
 * HTML when it is `enhanced`, else hydrated as a React root of its own. In the
 * prerender it leaves an empty marked element, filled afterwards with the component rendered as
 * the browser hydrates it (its own root, its own ids); anywhere else (`npm run dev`, the editor's
 * preview, tests) it is the component itself.
 */
export function Island<P extends object>({ name, hydration, component: Component, props, enhanced = false }: IslandProps<P>) {
  const collector = useContext(IslandCollection)
  if (!collector || hydration === false) return <Component {...props} />
  if (enhanced) {
    return (
      <div className={classes.island} {...{ [ENHANCE_ATTRIBUTE]: name, [HYDRATION_ATTRIBUTE]: hydration }}>
        <Component {...props} />
      </div>
    )
  }
  collector.push(<Component {...props} />)
  const marks = { [ISLAND_ATTRIBUTE]: name, [HYDRATION_ATTRIBUTE]: hydration, [PROPS_ATTRIBUTE]: JSON.stringify(props) }
  return <div className={classes.island} {...marks} />
}
