import type { Redis } from 'ioredis'
import type { Logger } from '../../../ground/log.ts'
import { whileRedisAnswers } from '../../redis/redis-connections.ts'
import type { FactorStore } from './factor-store.ts'

const PREFIX = 'editor:factors:'

/** The second factors' short-lived state in Redis (REDIS_URL), on the sessions' connection: GETDEL and SET NX make "once" hold across instances. */
export function createRedisFactorStore(redis: Redis, log: Logger): FactorStore {
  const call = <T>(run: () => Promise<T>) => whileRedisAnswers(redis, "the editor's second factors", log, run)
  const ms = (keepMs: number) => Math.max(1, Math.ceil(keepMs))
  return {
    put: async (key, value, keepMs) => void (await call(() => redis.set(PREFIX + key, value, 'PX', ms(keepMs)))),
    get: async (key) => (await call(() => redis.get(PREFIX + key))) ?? undefined,
    take: async (key) => (await call(() => redis.getdel(PREFIX + key))) ?? undefined,
    claim: async (key, keepMs) => (await call(() => redis.set(PREFIX + key, '1', 'PX', ms(keepMs), 'NX'))) === 'OK',
    delete: async (key) => void (await call(() => redis.del(PREFIX + key))),
  }
}
