import { watchReveal } from './use-reveal'

/**
 * The reveal of the sections a built page does not hydrate (kit/motion/Reveal.tsx rendered them
 * with data-reveal="static"): the same rule as useReveal, run by a few lines of plain script on
 * their prerendered HTML instead of by React. A hydrated island's sections reveal themselves.
 */
export function revealPrerendered(islandSelector: string): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-reveal="static"]')) {
    if (element.closest(islandSelector)) continue
    watchReveal(element, (state) => {
      element.dataset.reveal = state
    })
  }
}
