import { statfs as statfsOfNode } from 'node:fs/promises'
import { dirname } from 'node:path'

/** What the guard reads of a filesystem: Node's `fs.statfs` answer, or a test's own. */
export interface FilesystemFigures {
  /** Block size in bytes. */
  bsize: number
  /** Free blocks an unprivileged process may use (the server does not run as root). */
  bavail: number
}

export type ReadFilesystem = (path: string) => Promise<FilesystemFigures>

export interface DiskSpaceOptions {
  /** The outbox folder: whatever filesystem holds it is the one watched. */
  dir: string
  /** Submissions are refused before the free space would drop below this. */
  reserveBytes: number
  /** Default Node's `fs.statfs`; a test gives a small simulated disk. */
  statfs?: ReadFilesystem
  /** How long one reading is trusted; claims made since are subtracted from it. */
  readingMaxAgeMs?: number
}

export interface DiskSpaceFigures {
  /** Free bytes as this process believes them (the last reading less what was claimed since); null when unreadable. */
  freeBytes: number | null
  reserveBytes: number
  /** `low`: below the reserve plus room for one more submission, so submissions are refused. */
  disk: 'ok' | 'low' | 'unknown'
  /** Why the free space could not be read. */
  problem?: string
}

export type DiskSpaceGuard = ReturnType<typeof createDiskSpaceGuard>

export interface SpaceClaim {
  written(): void
  dropped(): void
}

/** A burst of submissions shares one statfs per second; anything it writes meanwhile is counted by the claims. */
const READING_MAX_AGE_MS = 1000

/** Thrown by `claim` when the bytes asked for would eat into the reserve. */
export class OutboxFullError extends Error {
  readonly freeBytes: number
  readonly reserveBytes: number

  constructor(freeBytes: number, reserveBytes: number) {
    super(`the outbox's filesystem has ${freeBytes} bytes free, its reserve is ${reserveBytes} bytes`)
    this.freeBytes = freeBytes
    this.reserveBytes = reserveBytes
    this.name = 'OutboxFullError'
  }
}

/** statfs of the folder, or of the nearest existing parent before the outbox folders are made. */
async function statfsNearest(read: ReadFilesystem, dir: string): Promise<FilesystemFigures> {
  try {
    return await read(dir)
  } catch (error) {
    const parent = dirname(dir)
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === dir) throw error
    return statfsNearest(read, parent)
  }
}

/**
 * Keeps the outbox's filesystem from filling up with submissions, so that delivery always has
 * room for its own bookkeeping (retry schedules, dead-letter reasons, idempotency records).
 *
 * A submission `claim`s the bytes it will write before writing them. The free space is read with
 * statfs at most once per `readingMaxAgeMs`; every claim not yet visible in a reading is
 * subtracted from it, so a burst between two readings cannot overshoot the reserve. A claim is
 * visible once its write has finished before a reading began; until then it counts, even if
 * that means counting it twice for a moment (erring towards refusing).
 */
export function createDiskSpaceGuard(options: DiskSpaceOptions) {
  const read = options.statfs ?? statfsOfNode
  const maxAgeMs = options.readingMaxAgeMs ?? READING_MAX_AGE_MS
  const { reserveBytes } = options
  let reading: { freeBytes: number; blockBytes: number; startedAt: number } | undefined
  let refreshing: Promise<void> | undefined
  /** Claims not yet seen by a reading: in flight (`doneAt` undefined) or finished after the reading began. */
  const claims = new Set<{ bytes: number; doneAt?: number }>()

  async function refresh(): Promise<void> {
    const startedAt = Date.now()
    const figures = await statfsNearest(read, options.dir)
    reading = { freeBytes: Number(figures.bavail) * Number(figures.bsize), blockBytes: Number(figures.bsize) || 4096, startedAt }
    for (const claim of claims) if (claim.doneAt !== undefined && claim.doneAt < startedAt) claims.delete(claim)
  }

  /** The current reading, refreshed when stale; concurrent callers share one statfs. */
  async function current() {
    if (!reading || Date.now() - reading.startedAt > maxAgeMs) {
      refreshing ??= refresh().finally(() => {
        refreshing = undefined
      })
      await refreshing
    }
    return reading!
  }

  const claimedBytes = () => [...claims].reduce((sum, claim) => sum + claim.bytes, 0)

  return {
    reserveBytes,

    /**
     * Bytes files of these sizes take on this filesystem: whole blocks (inodes are set aside when a
     * filesystem is made, and a directory grows by a block now and then: the reserve covers that).
     */
    async footprint(sizes: number[]): Promise<number> {
      const blockBytes = await current().then(
        (known) => known.blockBytes,
        () => 4096,
      )
      return sizes.reduce((sum, size) => sum + Math.max(1, Math.ceil(size / blockBytes)) * blockBytes, 0)
    },

    /**
     * Take `bytes` for a submission's files, or throw OutboxFullError if they would eat into the
     * reserve. Call `written()` once they are written (or `dropped()` when nothing was): the bytes
     * stay counted until a reading taken after that sees them on the filesystem.
     */
    async claim(bytes: number): Promise<SpaceClaim> {
      // Unreadable (an odd filesystem): let the write itself say whether it fits; /ready reports why.
      const freeBytes = await current().then(
        (known) => known.freeBytes,
        () => undefined,
      )
      const claim: { bytes: number; doneAt?: number } = { bytes }
      if (freeBytes !== undefined) {
        const free = freeBytes - claimedBytes()
        if (free - bytes < reserveBytes) throw new OutboxFullError(Math.max(0, free), reserveBytes)
        claims.add(claim)
      }
      return {
        written: () => {
          claim.doneAt ??= Date.now()
        },
        dropped: () => {
          claims.delete(claim)
        },
      }
    },

    /** For /health and /ready; `smallestSubmissionBytes` is what one more submission needs at least. */
    async figures(smallestSubmissionBytes: number): Promise<DiskSpaceFigures> {
      try {
        const { freeBytes } = await current()
        const free = Math.max(0, freeBytes - claimedBytes())
        return { freeBytes: free, reserveBytes, disk: free - smallestSubmissionBytes < reserveBytes ? 'low' : 'ok' }
      } catch (error) {
        return { freeBytes: null, reserveBytes, disk: 'unknown', problem: error instanceof Error ? error.message : String(error) }
      }
    },
  }
}
