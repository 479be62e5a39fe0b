import { useEffect, useRef } from 'react'

/**
 * A part's behaviour written as plain script on its rendered markup, so a built page gets it
 * without React: `root` is the element the part's component renders (its outermost), everything
 * the behaviour needs is in the markup (elements found by data attributes, words in data
 * attributes), and it returns what undoes it (listeners, timers). A built page runs it on the
 * prerendered HTML (runtime/islands/enhance-parts.ts), when the registry says (kit/hydration.ts);
 * `npm run dev` and the editor's preview run the same function on the component's DOM
 * (useEnhancer), so there is one behaviour, not a React one and a plain one.
 * Its module is `<name in kebab-case>.enhance.ts` (heroCarousel: hero-carousel.enhance.ts; the
 * content build finds its chunk by that name) and exports it as default.
 */
export type Enhancer = (root: HTMLElement) => () => void

/**
 * Runs `enhance` on the element the returned ref is given, after React has rendered it, again
 * when `key` changes (what the markup was rendered from: the editor's preview renders a part
 * afresh as its fields change), and undoes it on unmount. Attributes the enhancer changes are
 * left alone by React as long as React's own value for them does not change.
 */
export function useEnhancer<T extends HTMLElement>(enhance: Enhancer, key = '') {
  const ref = useRef<T>(null)
  useEffect(() => {
    const root = ref.current
    return root ? enhance(root) : undefined
  }, [enhance, key])
  return ref
}
