// Plain script, no React: a built page's own script runs it (reveal-prerendered.ts), and so does useReveal.
import { prefersReducedMotion } from './reduced-motion'

/**
 * 'static': as prerendered, fully visible (also the state without JavaScript, with reduced motion,
 * and for anything already on screen when the page loads, so nothing visible ever blinks out).
 * 'hidden': below the fold after hydration, waiting to be scrolled to. 'shown': fading in.
 */
export type RevealState = 'static' | 'hidden' | 'shown'

/** A section fades in once 10% of it shows above a line 50 px over the window's bottom edge. */
const REVEAL_THRESHOLD = 0.1
const REVEAL_ROOT_MARGIN = '0px 0px -50px 0px'

/**
 * Watches an element until it has been scrolled into view, once, and tells `onChange` its state.
 * It is hidden only when none of it is in the window (the window itself, not the reveal line 50 px
 * above its bottom edge: a section whose top shows at the bottom of the screen stays as it is), so
 * the animation never takes away what the visitor sees. Nothing happens with reduced motion.
 * Returns what stops watching.
 */
export function watchReveal(element: Element, onChange: (state: Exclude<RevealState, 'static'>) => void): () => void {
  if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return () => {}
  const revealLine = new IntersectionObserver(
    ([entry]) => {
      if (entry?.isIntersecting && entry.intersectionRatio >= REVEAL_THRESHOLD - 0.001) {
        onChange('shown')
        revealLine.disconnect()
      }
    },
    { threshold: [0, REVEAL_THRESHOLD], rootMargin: REVEAL_ROOT_MARGIN },
  )
  // Asked once, on the first report: is any of it on screen now?
  const onScreen = new IntersectionObserver(([entry]) => {
    onScreen.disconnect()
    if (!entry || entry.isIntersecting) return
    onChange('hidden')
    revealLine.observe(element)
  })
  onScreen.observe(element)
  return () => {
    onScreen.disconnect()
    revealLine.disconnect()
  }
}
