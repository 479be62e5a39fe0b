/** The outcome of a health check: passed, or failed with a reason a person can read. */
export type CheckOutcome = { ok: true } | { ok: false; error: string }

/**
 * Runs `check` at most once per `maxAgeMs` (concurrent callers share one run) and bounds it by
 * `timeoutMs`, so a readiness probe hammering /ready costs one SMTP handshake every few seconds.
 */
export function cachedCheck(maxAgeMs: number, check: () => Promise<unknown>, timeoutMs = maxAgeMs): () => Promise<CheckOutcome> {
  let last: { at: number; outcome: Promise<CheckOutcome> } | undefined
  const run = async (): Promise<CheckOutcome> => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      await Promise.race([check(), timeout])
      return { ok: true }
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) }
    } finally {
      clearTimeout(timer)
    }
  }
  return () => {
    if (!last || Date.now() - last.at > maxAgeMs) last = { at: Date.now(), outcome: run() }
    return last.outcome
  }
}
