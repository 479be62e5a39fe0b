import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and while React hydrates the prerendered HTML, true from the render right
 * after (and at once where a page is rendered in the browser only). For what must match the HTML
 * first and may change once the page is live, without an effect that sets state.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
