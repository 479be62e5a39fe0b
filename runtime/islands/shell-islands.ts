import type { ComponentType } from 'react'
import type { Hydration } from '../../kit/hydration'

interface ShellIsland {
  load: () => Promise<{ default: ComponentType<never> }>
  interactive: Exclude<Hydration, false>
}

/**
 * The parts of the shell a built page hydrates, declared as blocks are in blocks/registry.ts; the
 * rest of the shell (the footer but its button, the chat button, the skip link, the 404 page) only
 * shows and is never hydrated.
 * Each is a module `<Name>Island.tsx` (the content build finds its chunk by that name).
 */
export const shellIslands = {
  // On the first screen of every page: hydrated as soon as the page's scripts are there.
  header: { load: () => import('../layout/header/HeaderIsland'), interactive: 'visible' },
  // The footer's "back to top" button: the footer around it only shows.
  backToTop: { load: () => import('../layout/footer/BackToTopIsland'), interactive: 'visible' },
} satisfies Record<string, ShellIsland>
