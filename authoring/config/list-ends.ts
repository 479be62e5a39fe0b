import { isDeepStrictEqual } from 'node:util'

/**
 * How many items two versions of a list share at their start (`prefix`) and, after those, at their
 * end (`suffix`): what lies between is what changed. The config's line edits rewrite only that run,
 * and a version's changes name only the fields in it.
 */
export function sharedEnds(before: readonly unknown[], after: readonly unknown[]): { prefix: number; suffix: number } {
  let prefix = 0
  while (prefix < before.length && prefix < after.length && isDeepStrictEqual(before[prefix], after[prefix])) prefix++
  let suffix = 0
  const room = Math.min(before.length, after.length) - prefix
  while (suffix < room && isDeepStrictEqual(before[before.length - 1 - suffix], after[after.length - 1 - suffix])) suffix++
  return { prefix, suffix }
}
