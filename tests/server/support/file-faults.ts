import type * as FsPromises from 'node:fs/promises'

/**
 * Injected filesystem faults for the outbox tests. A test file mocks node:fs/promises with
 * `withFaults` (vi.mock), then sets rules here: the server's own code (durable-files.ts, outbox.ts)
 * then meets a full or failing disk exactly where the rule says. Imports no fs itself: it is
 * loaded while the mock is being built.
 */
export interface FileFault {
  operation: 'write' | 'rename'
  /** The path written (the temporary file beside the target) or renamed to. */
  matches: (path: string) => boolean
  code: 'ENOSPC' | 'EDQUOT' | 'EIO'
  /** Fail this many times, then let it pass; unset: until the rule is removed. */
  times?: number
}

export const fileFaults = {
  rules: [] as FileFault[],
  /** Every injected failure, in order. */
  injected: [] as Array<{ operation: FileFault['operation']; path: string }>,
  /** Called before every file write with its size: a simulated small disk throws ENOSPC here. */
  beforeWrite: undefined as ((path: string, bytes: number) => Promise<void>) | undefined,
  reset(): void {
    this.rules = []
    this.injected = []
    this.beforeWrite = undefined
  },
}

export const faultError = (code: string, operation: string, path: string) =>
  Object.assign(new Error(`${code}: injected fault, ${operation} '${path}'`), { code, syscall: operation, path })

function failIfRuled(operation: FileFault['operation'], path: string): void {
  const rule = fileFaults.rules.find((candidate) => candidate.operation === operation && candidate.matches(path) && (candidate.times ?? 1) > 0)
  if (!rule) return
  if (rule.times !== undefined) rule.times -= 1
  fileFaults.injected.push({ operation, path })
  throw faultError(rule.code, operation, path)
}

const sizeOf = (data: unknown): number =>
  typeof data === 'string'
    ? Buffer.byteLength(data)
    : data instanceof Uint8Array
      ? data.byteLength
      : [...(data as Iterable<unknown>)].reduce<number>((sum, piece) => sum + sizeOf(piece), 0)
/** A message file is written as pieces (a generator): taken once here, so its size can be counted and the same pieces written. */
const replayable = <T>(data: T): T => (typeof data === 'string' || data instanceof Uint8Array ? data : ([...(data as Iterable<unknown>)] as T))

/** node:fs/promises with `open(...).writeFile` and `rename` going through the rules. */
export function withFaults(real: typeof FsPromises): typeof FsPromises {
  const open: typeof real.open = async (path, flags, mode) => {
    const handle = await real.open(path, flags, mode)
    const writeFile = handle.writeFile.bind(handle)
    handle.writeFile = async (given, options) => {
      const data = replayable(given)
      failIfRuled('write', String(path))
      await fileFaults.beforeWrite?.(String(path), sizeOf(data))
      return writeFile(data, options)
    }
    return handle
  }
  const rename: typeof real.rename = async (from, to) => {
    failIfRuled('rename', String(to))
    return real.rename(from, to)
  }
  return { ...real, open, rename }
}
