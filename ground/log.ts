import { AsyncLocalStorage } from 'node:async_hooks'
import pino, { type DestinationStream, type Logger } from 'pino'

export type { Logger }

/** The request being served, for every log line written while serving it (see request-log.ts). */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>()

export interface LogOptions {
  /** LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent. */
  level?: string
  /** Where the JSON lines go; standard output by default (a test passes a stream it reads). */
  destination?: DestinationStream
}

/**
 * One JSON object per line: level, time, message, the request id of the request being served
 * (when there is one) and the fields a call site adds. Personal data never goes in: a submission
 * is named by its id, never by a field value, address or file name.
 */
export function createLogger({ level = 'info', destination }: LogOptions = {}): Logger {
  return pino(
    {
      level,
      base: undefined, // no pid/hostname on every line: the supervisor knows which process it ran
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const request = requestContext.getStore()
        return request ? { requestId: request.requestId } : {}
      },
    },
    // Standard output without blocking the request on each write (a synchronous write per access
    // line cost a fifth of the page throughput); exitAfterFlush() empties it before the process ends.
    destination ?? pino.destination({ dest: 1, sync: false }),
  )
}

/** Exit once every buffered log line is written. */
export function exitAfterFlush(log: Logger, code: number): void {
  log.flush(() => process.exit(code))
  // Never hang on a stuck stdout: exit anyway shortly after.
  setTimeout(() => process.exit(code), 1000).unref()
}

/** A log kept in memory, for tests that read what was written: each line as text and as its object. */
export function memoryLog(level = 'debug') {
  const lines: string[] = []
  const log = createLogger({ level, destination: { write: (line: string) => void lines.push(line.trimEnd()) } })
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string })
  return { log, lines, entries }
}
