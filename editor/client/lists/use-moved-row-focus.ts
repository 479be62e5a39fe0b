import { useLayoutEffect, useRef, type MouseEvent } from 'react'

/** What marks a row and its move buttons, so the moved row is found again after the list re-renders. */
export const rowAnchor = (id: string) => ({ 'data-row-id': id })
export const moveButtonAnchor = (direction: RowMove) => ({ 'data-row-move': direction })

/** A move a row's button makes: up or down its list, or, in a tree, under the entry above it or out of its parent. */
export type RowMove = 'up' | 'down' | 'in' | 'out'

interface PendingMove {
  id: string
  direction: RowMove
  /** Where the clicked button was on screen, to put its row's button back there. */
  top: number
}

/**
 * After a row is moved by one of its buttons (up, down; in or out of a tree's entry), the focus follows the row (React moves other
 * rows' elements, and a moved element loses the focus), and the page scrolls so the row's button
 * is back under the pointer: a second click moves the same row again, not the one that took its
 * place. When the button is now disabled (the row reached an end), the row's other move button
 * takes the focus.
 */
export function useMovedRowFocus() {
  const pending = useRef<PendingMove | null>(null)
  useLayoutEffect(() => {
    const move = pending.current
    if (!move) return
    pending.current = null
    const row = [...document.querySelectorAll<HTMLElement>('[data-row-id]')].find((element) => element.dataset.rowId === move.id)
    const buttons = [...(row?.querySelectorAll<HTMLButtonElement>('[data-row-move]') ?? [])].filter((button) => button.closest('[data-row-id]') === row)
    const button = buttons.find((candidate) => candidate.dataset.rowMove === move.direction && !candidate.disabled) ?? buttons.find((candidate) => !candidate.disabled)
    if (!button) return
    const scroller = scrollParent(button)
    if (scroller) scroller.scrollTop += button.getBoundingClientRect().top - move.top
    button.focus({ preventScroll: true })
  })
  /** Call in the button's click handler, before the move. */
  return (event: MouseEvent<HTMLElement>, id: string, direction: RowMove) => {
    pending.current = { id, direction, top: event.currentTarget.getBoundingClientRect().top }
  }
}

function scrollParent(element: Element): Element | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent)
    if ((overflowY === 'auto' || overflowY === 'scroll') && parent.scrollHeight > parent.clientHeight) return parent
  }
  return document.scrollingElement
}
