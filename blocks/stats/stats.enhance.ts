import type { Enhancer } from '../../kit/enhancer'
import { prefersReducedMotion } from '../../kit/motion/reduced-motion'
import { localNumber } from '../../site/locale-format'

/** A figure counts up in about 60 steps of about 33 ms, so roughly two seconds from 0 to its target. */
const COUNT_UP_STEPS = 60
const COUNT_UP_STEP_MS = 33

/**
 * The count-up of a stats block's figures (Stats.tsx). The prerendered HTML holds the final
 * figures; once this runs they drop to 0 and count up when the first of them scrolls into view.
 * Visitors who prefer reduced motion, and browsers without IntersectionObserver, keep the final
 * figures. Each figure is `[data-count-to]` holding its target, formatted in the `data-locale` of
 * an element around it, the way the server wrote it.
 */
const enhanceStats: Enhancer = (root) => {
  const figures = [...root.querySelectorAll<HTMLElement>('[data-count-to]')]
  const counters = figures.flatMap((figure) => {
    const digits = figure.firstChild
    const target = Number(figure.dataset.countTo)
    const locale = figure.closest<HTMLElement>('[data-locale]')?.dataset.locale
    if (digits?.nodeType !== Node.TEXT_NODE || !Number.isFinite(target) || !locale) return []
    // The text node itself, not textContent: React still holds this node in dev and the editor's preview.
    return [
      (progress: number) => {
        digits.nodeValue = localNumber(Math.round(target * progress), locale)
      },
    ]
  })
  const show = (progress: number) => counters.forEach((count) => count(progress))
  if (counters.length === 0 || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return () => {}

  let step = 0
  let timer: number | undefined
  // Once started it runs to the end, so a quick scroll past does not leave a half-counted figure.
  const watcher = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return
    watcher.disconnect()
    timer = window.setInterval(() => {
      step += 1
      show(step / COUNT_UP_STEPS)
      if (step === COUNT_UP_STEPS) window.clearInterval(timer)
    }, COUNT_UP_STEP_MS)
  })
  show(0)
  figures.forEach((figure) => watcher.observe(figure))
  return () => {
    watcher.disconnect()
    window.clearInterval(timer)
    show(1)
  }
}

export default enhanceStats
