import type { AliasOptions } from 'vite'

/**
 * The module aliases every Vite build of the project's browser code shares (the site and the
 * visual editor, whose preview runs the site's runtime).
 */
export const browserAliases: AliasOptions = [
  // TanStack Store imports the shim of useSyncExternalStoreWithSelector, which carries its own
  // useSyncExternalStore for React < 18; React 19 has it built in, which the non-shim uses.
  { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
]
