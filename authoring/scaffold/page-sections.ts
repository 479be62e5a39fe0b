/** The sections of a new service page besides its banner and the partner logos chosen: the command's flags and the editor's New page form both ask for these. */
export interface PageSections {
  /** The capability cards, each to be written; 0 leaves the card grid out. */
  cards: number
  /** The reasons to choose the company (a value list), each to be written; 0 leaves the list out. */
  reasons: number
  /** A closing band with a button to the contact page (see contactLink). */
  callToAction: boolean
}

export const DEFAULT_SECTIONS: PageSections = { cards: 3, reasons: 0, callToAction: true }

/** The most cards, or reasons, a new page is made with: more than a grid's three rows of four is a page to plan, not a form to fill in. */
export const MOST_ITEMS = 12

/** Why a number of cards or reasons cannot be made, in words that say what to give instead, or null when it can. */
export function countProblem(what: 'cards' | 'reasons', count: unknown): string | null {
  if (typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= MOST_ITEMS) return null
  return `The number of ${what} is a whole number from 0 to ${MOST_ITEMS} (0 leaves them out), not ${JSON.stringify(count) ?? String(count)}.`
}
