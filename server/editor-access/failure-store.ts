/** What is remembered of the failed sign-ins under one key (an account from an address, or an address). */
export interface FailureRecord {
  /** How many failures are still remembered at `at` (fewer with time: sign-in-throttle.ts). */
  failures: number
  /** When this record was last written (ms since the epoch, on the access layer's clock). */
  at: number
  /** No sign-in under this key is checked before then (0: it need not wait). */
  waitUntil: number
}

/** What an update does to one key: write a record to keep `keepMs`, forget the key (null), or leave it (undefined). */
export type FailureWrite = { record: FailureRecord; keepMs: number } | null | undefined

/**
 * Where failed sign-ins are counted: a file (failure-file-store.ts) or Redis, so that every
 * instance counts the same (redis-failure-store.ts). Keys are short hashes made by the caller.
 */
export interface FailureStore {
  /**
   * Reads the records under `keys` and writes what `decide` makes of them (one write per key, in
   * order) as one step: no other update of these keys comes in between. Undefined when other
   * updates of the same keys kept coming in between (a burst of guesses on Redis): nothing was written.
   */
  update<T>(keys: readonly string[], decide: (records: ReadonlyArray<FailureRecord | undefined>) => { writes: FailureWrite[]; result: T }): Promise<T | undefined>
}

/** A record read back from storage, or undefined when it is not one (a file edited by hand, an older shape). */
export function readFailureRecord(value: unknown): FailureRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { failures, at, waitUntil } = value as Record<string, unknown>
  const numbers = [failures, at, waitUntil]
  return numbers.every((number) => typeof number === 'number' && Number.isFinite(number))
    ? { failures: failures as number, at: at as number, waitUntil: waitUntil as number }
    : undefined
}
