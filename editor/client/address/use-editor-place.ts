import { useCallback, useEffect, useRef, useState } from 'react'
import { addressOf, placeAt, type EditorPlace } from './editor-place'

/**
 * What the editor shows, kept in the browser's address (the History API): every change of place is
 * a step of the browser's history, so Back and Forward go through them, a reload reopens the same
 * place, and the address can be sent to another editor. `replace` changes the place without a step
 * (a page's address changed under it).
 */
export function useEditorPlace() {
  const [place, setPlace] = useState(() => placeAt(location.pathname, location.search))
  // An address the editor writes otherwise (an unknown one, a trailing slash) is corrected in place, not as a step.
  const replacing = useRef(true)
  useEffect(() => {
    const follow = () => {
      replacing.current = true
      setPlace((current) => placeAt(location.pathname, location.search, current))
    }
    addEventListener('popstate', follow)
    return () => removeEventListener('popstate', follow)
  }, [])
  // Written once the place is shown: the changes of one click (a page and its block) are one step.
  useEffect(() => {
    const address = addressOf(place)
    if (address !== `${location.pathname}${location.search}`) history[replacing.current ? 'replaceState' : 'pushState'](null, '', address)
    replacing.current = false
  }, [place])
  const go = useCallback((change: Partial<EditorPlace>, { replace = false } = {}) => {
    replacing.current = replace
    setPlace((current) => ({ ...current, ...change }))
  }, [])
  return [place, go] as const
}
