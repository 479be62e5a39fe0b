import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/** Calls `onChange` after the current path changes (not on the first render). */
export function usePathnameChange(onChange: () => void) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    onChange()
  }, [pathname, onChange])
}
