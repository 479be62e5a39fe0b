import type { Hydration } from '../../kit/hydration'

/** A part this close to the window is live already, so it works by the time it shows. */
const VISIBLE_MARGIN = '200px'
/** The longest an 'idle' part waits for a quiet moment. */
const IDLE_TIMEOUT_MS = 2000

/**
 * Runs `start` when a part of a built page wants to come alive (kit/hydration.ts): once it is near
 * the window, or when the browser is idle. `element` is the part's marked wrapper, which has no box
 * of its own (display: contents), so the observer watches its children.
 */
export function whenWanted(hydration: Exclude<Hydration, false>, element: Element, start: () => void): void {
  if (hydration === 'idle') {
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS })
    else setTimeout(start, 0)
    return
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      start()
    },
    { rootMargin: VISIBLE_MARGIN },
  )
  for (const child of element.children) observer.observe(child)
}
