import type Koa from 'koa'
import { isFieldPath, type FieldWrite } from '../../draft-fields.ts'

/** Long enough for "Spring prices, with the new team page", short enough for a list. */
const DRAFT_NAME_LENGTH = 80
/** Far more fields than one person changes between two saves a second apart; a whole page pasted is a few hundred. */
const WRITES_PER_SAVE = 5000

/** A draft's name as sent: trimmed, 1 to 80 characters, none of them a control character (a line break, a direction override). */
export function draftNameOf(ctx: Koa.Context, name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : ''
  if (!trimmed || trimmed.length > DRAFT_NAME_LENGTH || /\p{C}/u.test(trimmed))
    ctx.throw(400, `Name the draft in 1 to ${DRAFT_NAME_LENGTH} characters of plain text (no line breaks), such as “Spring prices”.`)
  return trimmed
}

/** The revision a save started from: a whole number the draft has had. */
export function revisionOf(ctx: Koa.Context, revision: unknown): number {
  if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 0)
    ctx.throw(400, 'Send the revision of the draft the edits were made on as revision (a whole number).')
  return revision
}

/** The fields a save changes: each a place in the config (no prototype keys) and its new value, or `removed`. */
export function fieldWritesOf(ctx: Koa.Context, writes: unknown): FieldWrite[] {
  if (!Array.isArray(writes) || writes.length > WRITES_PER_SAVE)
    ctx.throw(400, `Send the changed fields as writes: a list of at most ${WRITES_PER_SAVE} { path, value } or { path, removed: true }.`)
  return writes.map((write: unknown) => {
    const { path, value, removed } = (write ?? {}) as { path?: unknown; value?: unknown; removed?: unknown }
    if (!isFieldPath(path)) ctx.throw(400, 'A changed field’s path names no place a site config has (a list of keys and indexes, not the whole draft).')
    if (removed === true) return { path, removed: true }
    if (value === undefined) ctx.throw(400, 'Send each changed field with its value, or with removed: true.')
    return { path, value }
  })
}
