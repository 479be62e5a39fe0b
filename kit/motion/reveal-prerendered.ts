import { watchReveal } from './watch-reveal'

/**
 * The reveal of a built page's sections (kit/motion/Reveal.tsx rendered them with
 * data-reveal="static"): the same rule as useReveal, run by a few lines of plain script on their
 * prerendered HTML instead of by React, from the moment the page's script runs, whether or not the
 * section is part of an island hydrated later (RevealedByPage).
 */
export function revealPrerendered(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-reveal="static"]')) {
    watchReveal(element, (state) => {
      element.dataset.reveal = state
    })
  }
}
