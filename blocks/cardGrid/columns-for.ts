/**
 * Cards per row for a grid that does not set its columns: all in one row up to four (two to a row
 * for one or two, so a lone card is not stretched across the page), and more in rows of three or
 * four, whichever leaves fewer places empty in the last row, so three cards never leave one alone
 * beneath two. On a tie, four: fewer rows. schemas/blocks/cardGrid.schema.json says the same.
 */
export function columnsFor(cardCount: number): 2 | 3 | 4 {
  if (cardCount <= 2) return 2
  if (cardCount <= 4) return cardCount as 3 | 4
  const emptyInLastRow = (columns: number) => (columns - (cardCount % columns)) % columns
  return emptyInLastRow(4) <= emptyInLastRow(3) ? 4 : 3
}
