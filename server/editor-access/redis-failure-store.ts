import type { Redis } from 'ioredis'
import type { Logger } from '../../ground/log.ts'
import { whileRedisAnswers } from '../redis/redis-connections.ts'
import { readFailureRecord, type FailureStore } from './failure-store.ts'

/** A new prefix: the keys of the older lockout (`editor:sign-in-failures:`, hashes) expire by themselves. */
const PREFIX = 'editor:sign-in-throttle:'
/** Enough for every guess of a burst on one key to get its turn, or be turned away, within a few milliseconds each. */
const TRIES = 16

/**
 * Compare-and-set over several keys: KEYS are the records; ARGV holds each one's value as read
 * ('' for none), then for each key what to write: '' leave it, '-' forget it, else the value and
 * how long to keep it (ms). Writes nothing and answers 0 when any value changed since it was read.
 */
const WRITE_IF_UNCHANGED = `
local count = #KEYS
for i = 1, count do
  if (redis.call('GET', KEYS[i]) or '') ~= ARGV[i] then return 0 end
end
for i = 1, count do
  local value, keepMs = ARGV[count + 2 * i - 1], ARGV[count + 2 * i]
  if value == '-' then
    redis.call('DEL', KEYS[i])
  elseif value ~= '' then
    redis.call('SET', KEYS[i], value, 'PX', keepMs)
  end
end
return 1
`

const parsed = (text: string | null) => {
  if (!text) return undefined
  try {
    return readFailureRecord(JSON.parse(text))
  } catch {
    return undefined
  }
}

/**
 * Failed sign-ins in Redis (REDIS_URL), on the access store's connection: every instance counts
 * the same, so guesses spread over several are slowed together, and a restart forgets nothing.
 * Each key expires when its failures are forgotten. The rules stay in sign-in-throttle.ts: this
 * reads, lets them decide, and writes only if no other instance wrote meanwhile (else reads again).
 */
export function createRedisFailureStore(redis: Redis, log: Logger): FailureStore {
  const call = <T>(run: () => Promise<T>) => whileRedisAnswers(redis, "the editor's sign-in limit", log, run)
  return {
    async update(keys, decide) {
      const stored = keys.map((key) => PREFIX + key)
      for (let attempt = 0; attempt < TRIES; attempt++) {
        const seen = await call(() => redis.mget(...stored))
        const { writes, result } = decide(seen.map(parsed))
        if (writes.every((change) => change === undefined)) return result
        const changes = writes.flatMap((change) =>
          change === undefined ? ['', ''] : change === null ? ['-', ''] : [JSON.stringify(change.record), String(Math.max(1, Math.ceil(change.keepMs)))],
        )
        const written = await call(() => redis.eval(WRITE_IF_UNCHANGED, stored.length, ...stored, ...seen.map((text) => text ?? ''), ...changes))
        if (written === 1) return result
      }
      return undefined
    },
  }
}
