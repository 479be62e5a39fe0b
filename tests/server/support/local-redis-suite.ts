import type { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { startLocalRedis, type LocalRedis } from '../../../scripts/lib/local-redis.ts'
import { needsSystemPackages } from '../../helpers/system-packages.ts'

/**
 * One redis-server for a test file (Debian's, on a free port), emptied after each test. Call it
 * before cleanUpAfterEachTest(): hooks run last-registered first, so the services stop before Redis
 * is emptied. Read `redis` and `client` inside tests, once the server has started.
 */
export function localRedisForEachTest(): { readonly redis: LocalRedis; readonly client: Redis } {
  let redis: LocalRedis | undefined
  let client: Redis | undefined
  needsSystemPackages('redis')
  beforeAll(async () => {
    redis = await startLocalRedis()
    client = redis.client()
  }, 120_000)
  afterAll(async () => {
    client?.disconnect()
    await redis?.stop()
  })
  afterEach(() => client?.flushall())
  return {
    get redis() {
      if (!redis) throw new Error('redis-server has not started yet')
      return redis
    },
    get client() {
      if (!client) throw new Error('redis-server has not started yet')
      return client
    },
  }
}
