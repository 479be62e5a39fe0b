import { isDeepStrictEqual } from 'node:util'
import { sharedEnds } from '../authoring/config/list-ends.ts'
import type { FieldChange, LeafValue, ValuePath } from '../site/version-changes.ts'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isLeaf = (value: unknown): value is LeafValue => value === null || ['string', 'number', 'boolean'].includes(typeof value)

/** Fields found, up to a bound: one answer about a version stays small however much it changed. */
export class FieldList {
  readonly fields: FieldChange[] = []
  more = 0
  readonly limit: number
  constructor(limit: number) {
    this.limit = limit
  }
  add(change: FieldChange): void {
    if (this.fields.length < this.limit) this.fields.push(change)
    else this.more += 1
  }
}

/** Every field inside a value that is there on one side only, as added (`side` after) or removed (before). */
function eachLeaf(value: unknown, path: ValuePath, side: 'before' | 'after', into: FieldList): void {
  if (isLeaf(value)) return into.add(side === 'before' ? { path, before: value } : { path, after: value })
  if (Array.isArray(value)) return value.forEach((item, index) => eachLeaf(item, [...path, index], side, into))
  if (isRecord(value)) for (const [key, child] of Object.entries(value)) eachLeaf(child, [...path, key], side, into)
}

/**
 * The fields that differ between two values, each with its words before and after: objects key
 * by key; lists item by item, the items both ends share set aside, so one item inserted or
 * removed is that item alone and not every item after it; a value whose shape changed, as its
 * fields removed and added.
 */
export function fieldChanges(before: unknown, after: unknown, path: ValuePath, into: FieldList): void {
  if (isDeepStrictEqual(before, after)) return
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])]
    for (const key of keys) fieldChanges(before[key], after[key], [...path, key], into)
    return
  }
  if (Array.isArray(before) && Array.isArray(after)) return listChanges(before, after, path, into)
  if (isLeaf(before) && isLeaf(after)) return into.add({ path, before, after })
  eachLeaf(before, path, 'before', into)
  eachLeaf(after, path, 'after', into)
}

function listChanges(before: unknown[], after: unknown[], path: ValuePath, into: FieldList): void {
  const { prefix: start, suffix: fromEnd } = sharedEnds(before, after)
  const beforeEnd = before.length - fromEnd
  const afterEnd = after.length - fromEnd
  const paired = Math.min(beforeEnd, afterEnd)
  for (let index = start; index < paired; index++) fieldChanges(before[index], after[index], [...path, index], into)
  for (let index = paired; index < beforeEnd; index++) eachLeaf(before[index], [...path, index], 'before', into)
  for (let index = paired; index < afterEnd; index++) eachLeaf(after[index], [...path, index], 'after', into)
}
