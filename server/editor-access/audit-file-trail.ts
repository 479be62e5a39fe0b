import { open, readFile, readdir, rename, unlink, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { ensureDirectory, syncDirectory } from '../../ground/durable-files.ts'
import { entryMatches, idParts, readAuditEntry, type AuditEntry, type AuditPage, type AuditQuery, type AuditTrail } from './audit-trail.ts'

/** The file written to; older ones are renamed `audit-<newest id>.jsonl`, which sorts them by age. */
const CURRENT = 'audit.jsonl'
const ROTATED = /^audit-(\d{15})-(\d{15})\.jsonl$/

export interface AuditFileLimits {
  /** The current file is put aside before it grows past this. */
  maxFileBytes: number
  /** … or once its first entry is this old. */
  rotateAfterMs: number
  /** How many put-aside files are kept besides the current one; the oldest go first. */
  keptFiles: number
}

/** About a year (twelve months of thirty days, and the current one), never more than 13 × 2 MiB on disk. */
const DEFAULT_AUDIT_FILE_LIMITS: AuditFileLimits = { maxFileBytes: 2 * 1024 * 1024, rotateAfterMs: 30 * 24 * 3_600_000, keptFiles: 12 }

const rotatedName = (id: string) =>
  `audit-${idParts(id)
    .map((part) => String(part).padStart(15, '0'))
    .join('-')}.jsonl`

/** The entries of a file's text, in order; a line that is not a whole entry (torn by a crash, or foreign) is skipped. */
function entriesOf(text: string): AuditEntry[] {
  return text.split('\n').flatMap((line) => {
    if (!line) return []
    try {
      const entry = readAuditEntry(JSON.parse(line))
      return entry ? [entry] : []
    } catch {
      return []
    }
  })
}

/**
 * The audit trail as JSON lines in `dir` (CONTENT_DIR/audit), for a server without Redis. Each
 * line is on disk (fdatasync) before the next is written, so a crash loses at most the line being
 * written; its torn remains are skipped when read and closed off by a line break before the next
 * line. Appends and reads take turns, so a read never sees a file half rotated. One process per
 * folder, as with the rest of CONTENT_DIR.
 */
export function createAuditFileTrail(dir: string, limits: AuditFileLimits = DEFAULT_AUDIT_FILE_LIMITS): AuditTrail {
  const current = path.join(dir, CURRENT)
  let handle: FileHandle | undefined
  let size = 0
  let torn = false
  let firstAt: number | undefined
  let last: [number, number] = [0, -1]
  let turn: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const done = turn.then(work)
    turn = done.catch(() => undefined)
    return done
  }

  const rotatedNames = async () => (await readdir(dir)).filter((name) => ROTATED.test(name)).sort()

  async function openCurrent() {
    await ensureDirectory(dir)
    const text = await readFile(current, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? '' : Promise.reject(error)))
    const entries = entriesOf(text)
    const newestRotated = (await rotatedNames()).at(-1)
    const newestId = entries.at(-1)?.id ?? (newestRotated && ROTATED.exec(newestRotated)!.slice(1, 3).map(Number).join('-'))
    if (newestId) last = idParts(newestId)
    firstAt = entries[0] && Date.parse(entries[0].at)
    size = Buffer.byteLength(text)
    torn = text.length > 0 && !text.endsWith('\n')
    handle = await open(current, 'a', 0o600)
    return handle
  }

  async function rotate() {
    await handle?.close()
    handle = undefined
    await rename(current, path.join(dir, rotatedName(last.join('-'))))
    const rotated = await rotatedNames()
    for (const name of rotated.slice(0, Math.max(0, rotated.length - limits.keptFiles))) await unlink(path.join(dir, name))
    await syncDirectory(dir)
  }

  async function write(entry: Omit<AuditEntry, 'id'>) {
    if (!handle) await openCurrent()
    const at = Date.parse(entry.at)
    const [lastMs, lastN] = last
    // Rising even when the clock steps back: the id is the trail's order and its cursor.
    const ms = Math.max(at, lastMs)
    const id = `${ms}-${ms === lastMs ? lastN + 1 : 0}`
    const text = `${JSON.stringify({ id, ...entry })}\n`
    if (size > 0 && (size + Buffer.byteLength(text) > limits.maxFileBytes || (firstAt !== undefined && at - firstAt >= limits.rotateAfterMs))) {
      await rotate()
      await openCurrent()
    }
    // A line torn by a crash is closed off first, so it spoils no line but itself.
    const line = torn ? `\n${text}` : text
    // Until it is on disk whole, a failed write may have left a torn line behind.
    torn = true
    await handle!.appendFile(line)
    await handle!.datasync()
    last = idParts(id)
    size += Buffer.byteLength(line)
    torn = false
    firstAt ??= at
  }

  async function page(query: AuditQuery): Promise<AuditPage> {
    await ensureDirectory(dir)
    const found: AuditEntry[] = []
    const files = [CURRENT, ...(await rotatedNames()).reverse()]
    for (const name of files) {
      // A put-aside file whose newest entry is before `from` holds nothing wanted, nor do the older ones.
      const newestMs = Number(ROTATED.exec(name)?.[1] ?? Infinity)
      if (query.from !== undefined && newestMs < query.from) break
      const text = await readFile(path.join(dir, name), 'utf8').catch(() => '')
      const entries = entriesOf(text)
      for (let index = entries.length - 1; index >= 0 && found.length <= query.limit; index--) if (entryMatches(entries[index]!, query)) found.push(entries[index]!)
      if (found.length > query.limit) break
    }
    const entries = found.slice(0, query.limit)
    return found.length > query.limit ? { entries, next: entries.at(-1)!.id } : { entries }
  }

  return {
    append: (entry) => inTurn(() => write(entry)),
    page: (query) => inTurn(() => page(query)),
  }
}
