import type { JsonPath } from './source-positions.ts'

/** Every value in the config with its path, parents before children, in file order. */
export function* walk(value: unknown, path: JsonPath = []): Generator<[JsonPath, unknown]> {
  yield [path, value]
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* walk(value[i], [...path, i])
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* walk(child, [...path, key])
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
