import { registry } from '../../blocks/registry'
import type { Enhancer } from '../../kit/enhancer'
import { ENHANCE_ATTRIBUTE, HYDRATION_ATTRIBUTE, LIVE_ATTRIBUTE } from '../../kit/islands/island-markup'
import { shellParts } from './shell-parts'
import { whenWanted } from './when-wanted'

type EnhancerLoader = () => Promise<{ default: Enhancer }>

function enhancerOf(name: string): EnhancerLoader {
  const shellPart = (shellParts as Record<string, { enhance: EnhancerLoader }>)[name]
  const block = (registry as Record<string, { enhance?: EnhancerLoader }>)[name]
  const load = shellPart?.enhance ?? block?.enhance
  if (!load) throw new Error(`The page has a part "${name}" to enhance, which neither the shell nor a block type enhances`)
  return load
}

/**
 * Brings to life each part of a prerendered page whose behaviour is plain script (kit/enhancer.ts):
 * the header, the footer's button, the blocks that move but need no React. Each runs on its own
 * prerendered element when it wants to (the first screen's at once), from its own small chunk, and
 * its wrapper is marked live once it has run.
 */
export function enhanceParts(): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[${ENHANCE_ATTRIBUTE}]`)) {
    const load = enhancerOf(element.getAttribute(ENHANCE_ATTRIBUTE)!)
    whenWanted(element.getAttribute(HYDRATION_ATTRIBUTE) === 'idle' ? 'idle' : 'visible', element, () => {
      void load().then(({ default: enhance }) => {
        const root = element.firstElementChild
        if (root instanceof HTMLElement) enhance(root)
        element.setAttribute(LIVE_ATTRIBUTE, '')
      })
    })
  }
}
