import type { ComponentType } from 'react'
import type { Hydration } from '../../kit/hydration'

interface ShellIsland {
  load: () => Promise<{ default: ComponentType<never> }>
  interactive: Exclude<Hydration, false>
}

/**
 * The parts of the shell a built page hydrates, declared as blocks are in blocks/registry.ts; the
 * rest of the shell (footer, chat button, skip link, 404 page) only shows and is never hydrated.
 * Each is a module `<Name>Island.tsx` (the content build finds its chunk by that name).
 */
export const shellIslands = {
  // On the first screen of every page: hydrated as soon as the page's scripts are there.
  header: { load: () => import('../layout/header/HeaderIsland'), interactive: 'visible' },
} satisfies Record<string, ShellIsland>
