import type { JsonPath } from './source-positions.ts'

/**
 * Every value in the config with its path, parents before children, in file order. One generator
 * and a list of what is left rather than a generator per level: each value is handed out once
 * instead of up through every level above it.
 */
export function* walk(value: unknown, path: JsonPath = []): Generator<[JsonPath, unknown]> {
  const paths: JsonPath[] = [path]
  const values: unknown[] = [value]
  while (values.length > 0) {
    const at = paths.pop() ?? []
    const current = values.pop()
    yield [at, current]
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        paths.push([...at, i])
        values.push(current[i])
      }
    } else if (current && typeof current === 'object') {
      const keys = Object.keys(current)
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] ?? ''
        paths.push([...at, key])
        values.push((current as Record<string, unknown>)[key])
      }
    }
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** `/about?x#team` → `/about`: the part of an internal link that names a page or file. */
export function stripQueryAndHash(to: string): string {
  return to.split(/[?#]/)[0] ?? to
}

/** Starts with one slash: a page of this site or a file in public/ (not `//host`, not `https:`). */
export function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//')
}
