import { useEffect, useRef, useState } from 'react'

/**
 * 'static': as prerendered, fully visible (also the state without JavaScript, with reduced motion,
 * and for anything already on screen when the page loads, so nothing visible ever blinks out).
 * 'hidden': below the fold after hydration, waiting to be scrolled to. 'shown': fading in.
 */
export type RevealState = 'static' | 'hidden' | 'shown'

/** A section fades in once 10% of it shows above a line 50 px over the window's bottom edge. */
const REVEAL_THRESHOLD = 0.1
const REVEAL_ROOT_MARGIN = '0px 0px -50px 0px'

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * Tracks whether an element has been scrolled into view, once. The server and the first client
 * render both say 'static', so hydration matches; the element is hidden only from an effect, and
 * only when it is entirely off screen, so the animation never moves content the visitor sees.
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [state, setState] = useState<RevealState>('static')

  useEffect(() => {
    const element = ref.current
    if (!element || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return
    let first = true
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return
        const wasOnScreen = first && entry.isIntersecting
        first = false
        if (wasOnScreen) {
          observer.disconnect()
        } else if (entry.isIntersecting && entry.intersectionRatio >= REVEAL_THRESHOLD - 0.001) {
          setState('shown')
          observer.disconnect()
        } else {
          setState((current) => (current === 'static' ? 'hidden' : current))
        }
      },
      { threshold: [0, REVEAL_THRESHOLD], rootMargin: REVEAL_ROOT_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  return { ref, state }
}
