import type { Enhancer } from '../../kit/enhancer'
import type { Hydration } from '../../kit/hydration'

interface ShellPart {
  /** Its behaviour as plain script (kit/enhancer.ts), in a module `<name in kebab-case>.enhance.ts`. */
  enhance: () => Promise<{ default: Enhancer }>
  interactive: Exclude<Hydration, false>
}

/**
 * The parts of the shell that do something on a built page, declared as blocks are in
 * blocks/registry.ts; the rest of the shell (the footer but its button, the chat button, the skip
 * link, the 404 page) only shows. Both are plain script, so a page whose blocks only show loads no
 * React at all.
 */
export const shellParts = {
  // On the first screen of every page: enhanced as soon as the page's scripts are there.
  header: { enhance: () => import('../layout/header/header.enhance'), interactive: 'visible' },
  // The footer's "back to top" button: the footer around it only shows.
  backToTop: { enhance: () => import('../layout/footer/back-to-top.enhance'), interactive: 'visible' },
} satisfies Record<string, ShellPart>
