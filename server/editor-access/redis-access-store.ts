import { randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Logger } from '../../ground/log.ts'
import { whileRedisAnswers } from '../redis/redis-connections.ts'
import { storedSessionKey, type AccessStore, type ListedSession, type SessionRecord } from './access-store.ts'

const SESSION_PREFIX = 'editor:session:'
/** An account's sessions: a set of the stored keys, pruned of those Redis has expired when listed. */
const ACCOUNT_PREFIX = 'editor:account-sessions:'
const SIGNING_KEY = 'editor:csrf-signing-key'

/**
 * Sessions in Redis (REDIS_URL): every instance sees the same, so a session begun on one is valid
 * on all (failed sign-ins: redis-failure-store.ts, on the same connection). Uses the fail-fast
 * connection of requests: Redis down means a 503, not a hanging sign-in.
 */
export function createRedisAccessStore(redis: Redis, log: Logger): AccessStore {
  const call = <T>(what: string, run: () => Promise<T>) => whileRedisAnswers(redis, `the editor's ${what}`, log, run)
  let key: Promise<Buffer> | undefined
  const forget = async (stored: string) => {
    const text = await call('session', () => redis.get(SESSION_PREFIX + stored))
    const account = text ? (JSON.parse(text) as SessionRecord).account : undefined
    await call('session', () => {
      const steps = redis.multi().del(SESSION_PREFIX + stored)
      return (account === undefined ? steps : steps.srem(ACCOUNT_PREFIX + account, stored)).exec()
    })
  }
  return {
    async getSession(id) {
      const stored = await call('session', () => redis.get(SESSION_PREFIX + storedSessionKey(id)))
      return stored ? (JSON.parse(stored) as SessionRecord) : undefined
    },
    async putSession(id, record, keepMs) {
      const { account, createdAt, lastSeenAt, address } = record
      const stored = storedSessionKey(id)
      const ms = Math.max(1, Math.ceil(keepMs))
      await call('session', () =>
        redis
          .multi()
          .set(SESSION_PREFIX + stored, JSON.stringify({ account, createdAt, lastSeenAt, ...(address ? { address } : {}) }), 'PX', ms)
          .sadd(ACCOUNT_PREFIX + account, stored)
          // The index lives as long as its longest-lived session: set when it has no expiry yet, lengthened, never shortened.
          .pexpire(ACCOUNT_PREFIX + account, ms, 'NX')
          .pexpire(ACCOUNT_PREFIX + account, ms, 'GT')
          .exec(),
      )
    },
    async deleteSession(id) {
      await forget(storedSessionKey(id))
    },
    async sessionsOf(account) {
      const keys = await call('session', () => redis.smembers(ACCOUNT_PREFIX + account))
      if (keys.length === 0) return []
      const records = await call('session', () => redis.mget(keys.map((stored) => SESSION_PREFIX + stored)))
      const gone = keys.filter((_, index) => !records[index])
      if (gone.length) await call('session', () => redis.srem(ACCOUNT_PREFIX + account, ...gone))
      return keys.flatMap((stored, index): ListedSession[] => {
        const text = records[index]
        return text ? [{ key: stored, record: JSON.parse(text) as SessionRecord }] : []
      })
    },
    deleteListedSession: (stored) => forget(stored),
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
