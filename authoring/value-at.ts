import type { JSONPath } from 'jsonc-parser'

/** The value at `path` in a parsed config, or undefined when the config does not have that shape (the checker and the migrations read configs of any shape). */
export function valueAt(config: unknown, path: JSONPath): unknown {
  let current = config
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string | number, unknown>)[segment]
  }
  return current
}
