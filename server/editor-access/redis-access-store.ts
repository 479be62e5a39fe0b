import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Logger } from '../../ground/log.ts'
import { whileRedisAnswers } from '../redis/redis-connections.ts'
import { storedSessionKey, type AccessStore, type SessionRecord } from './access-store.ts'

const SESSION_PREFIX = 'editor:session:'
const SIGNING_KEY = 'editor:csrf-signing-key'

/**
 * Sessions in Redis (REDIS_URL): every instance sees the same, so a session begun on one is valid
 * on all (failed sign-ins: redis-failure-store.ts, on the same connection). Uses the fail-fast
 * connection of requests: Redis down means a 503, not a hanging sign-in.
 */
export function createRedisAccessStore(redis: Redis, log: Logger): AccessStore {
  const call = <T>(what: string, run: () => Promise<T>) => whileRedisAnswers(redis, `the editor's ${what}`, log, run)
  let key: Promise<Buffer> | undefined
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
