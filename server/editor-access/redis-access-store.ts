import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Logger } from '../log.ts'
import { whileRedisAnswers } from '../redis/redis-connections.ts'
import { storedSessionKey, type AccessStore, type FailureCount, type SessionRecord } from './access-store.ts'

const SESSION_PREFIX = 'editor:session:'
const FAILURE_PREFIX = 'editor:sign-in-failures:'
const SIGNING_KEY = 'editor:csrf-signing-key'

/**
 * Adds a failure in one step, so two instances counting at once never lose one: a window that
 * ended (by the caller's clock) starts again; Redis forgets the key a little after the window.
 */
const ADD_FAILURE = `
local resetAt = tonumber(redis.call('HGET', KEYS[1], 'resetAt'))
local now = tonumber(ARGV[1])
if not resetAt or resetAt <= now then
  resetAt = now + tonumber(ARGV[2])
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'resetAt', resetAt)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
return { count, resetAt }
`

/**
 * Sessions and failed sign-ins in Redis (REDIS_URL): every instance sees the same, so a session
 * begun on one is valid on all and an attacker cannot spread guesses over them. Uses the fail-fast
 * connection of requests: Redis down means a 503, not a hanging sign-in.
 */
export function createRedisAccessStore(redis: Redis, log: Logger): AccessStore {
  const call = <T>(what: string, run: () => Promise<T>) => whileRedisAnswers(redis, `the editor's ${what}`, log, run)
  let key: Promise<Buffer> | undefined
  const readFailure = (values: Array<string | null>, now: number): FailureCount | undefined => {
    const [count, resetAt] = values.map(Number)
    return count && resetAt && resetAt > now ? { count, resetAt } : undefined
  }
  return {
    async getSession(id) {
      const stored = await call('session', () => redis.get(SESSION_PREFIX + storedSessionKey(id)))
      return stored ? (JSON.parse(stored) as SessionRecord) : undefined
    },
    async putSession(id, record, keepMs) {
      const { account, createdAt, lastSeenAt } = record
      await call('session', () => redis.set(SESSION_PREFIX + storedSessionKey(id), JSON.stringify({ account, createdAt, lastSeenAt }), 'PX', Math.max(1, Math.ceil(keepMs))))
    },
    async deleteSession(id) {
      await call('session', () => redis.del(SESSION_PREFIX + storedSessionKey(id)))
    },
    async addFailure(failureKey, windowMs, now) {
      const [count, resetAt] = (await call('sign-in limit', () => redis.eval(ADD_FAILURE, 1, FAILURE_PREFIX + failureKey, now, windowMs))) as [number, number]
      return { count: Number(count), resetAt: Number(resetAt) }
    },
    async failures(failureKey, now) {
      const values = await call('sign-in limit', () => redis.hmget(FAILURE_PREFIX + failureKey, 'count', 'resetAt'))
      return readFailure(values, now)
    },
    async clearFailures(failureKey) {
      await call('sign-in limit', () => redis.del(FAILURE_PREFIX + failureKey))
    },
    signingKey() {
      // The first instance to ask makes the key; the others take it. Kept while Redis keeps its data.
      key ??= call('signing key', async () => {
        await redis.set(SIGNING_KEY, randomBytes(32).toString('base64'), 'NX')
        const stored = await redis.get(SIGNING_KEY)
        if (!stored) throw new Error('the signing key vanished from Redis')
        return Buffer.from(stored, 'base64')
      }).catch((error: unknown) => {
        key = undefined
        throw error
      })
      return key
    },
  }
}
