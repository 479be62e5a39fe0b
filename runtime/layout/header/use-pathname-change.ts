import { useEffect, useRef } from 'react'
import { usePagePath } from '../../../kit/page-path'

/** Calls `onChange` after the current path changes (not on the first render): a client-side navigation. */
export function usePathnameChange(onChange: () => void) {
  const pathname = usePagePath()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    onChange()
  }, [pathname, onChange])
}
