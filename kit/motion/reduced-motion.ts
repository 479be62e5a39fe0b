/**
 * Whether the visitor asked for less motion. Plain script with no imports, so a part's enhancer
 * (kit/enhancer.ts) can ask too without bringing React into its chunk.
 */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}
