/**
 * How a prerendered page marks a part the browser hydrates: an element with `display: contents`
 * (no box of its own, so the page lays out as without it) naming the part, when it hydrates and
 * the props it renders with. The prerender writes it (Island.tsx, entry-server.tsx), the client
 * entry reads it (hydrate-islands.tsx).
 */
export const ISLAND_ATTRIBUTE = 'data-island'
export const HYDRATION_ATTRIBUTE = 'data-hydrate'
export const PROPS_ATTRIBUTE = 'data-props'

/**
 * How it marks a part whose behaviour is plain script (kit/enhancer.ts): the same kind of
 * wrapper around its prerendered HTML, naming the part and when it comes alive, and no props (the
 * markup carries all it needs). Once the enhancer has run, the wrapper is marked live.
 */
export const ENHANCE_ATTRIBUTE = 'data-enhance'
export const LIVE_ATTRIBUTE = 'data-live'

/**
 * React's ids (useId) inside the nth island of a page: each island is its own React root, so
 * without a prefix of its own two islands would give two elements the same id.
 */
export const islandIdPrefix = (index: number): string => `i${index}-`
