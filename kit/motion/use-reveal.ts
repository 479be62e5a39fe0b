import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { watchReveal, type RevealState } from './watch-reveal'

/**
 * True inside a hydrated part of a built page (runtime/islands/): the page's script reveals its
 * prerendered sections, those of the islands among them (reveal-prerendered.ts), from before any
 * island hydrates, so the component leaves its element's data-reveal to it.
 */
export const RevealedByPage = createContext(false)

/**
 * Tracks whether an element has been scrolled into view (watchReveal). The server and the first
 * client render both say 'static', so hydration matches and the prerendered page shows everything
 * before any script runs.
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [state, setState] = useState<RevealState>('static')
  const revealedByPage = useContext(RevealedByPage)

  useEffect(() => (ref.current && !revealedByPage ? watchReveal(ref.current, setState) : undefined), [revealedByPage])

  return { ref, state }
}
