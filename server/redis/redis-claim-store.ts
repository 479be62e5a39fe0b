import type { Redis } from 'ioredis'
import type { ClaimStore } from '../queue/claim-store.ts'
import type { Logger } from '../../ground/log.ts'
import { whileRedisAnswers } from './redis-connections.ts'

const keyOf = (key: string) => `forms:claim:${key}`

/** The shared ClaimStore: SET NX with an expiry, so two instances never both take a key; Redis forgets it when it lapses. */
export function createRedisClaimStore(redis: Redis, log: Logger): ClaimStore {
  return {
    claim: (key, forMs) => whileRedisAnswers(redis, 'taking a claim', log, async () => (await redis.set(keyOf(key), '1', 'PX', Math.max(1, Math.ceil(forMs)), 'NX')) === 'OK'),
    async release(key) {
      await whileRedisAnswers(redis, 'releasing a claim', log, () => redis.del(keyOf(key)))
    },
  }
}
