import { describe, expect, it } from 'vitest'
import { createRedisDraftStore } from '../../publish/redis-draft-store.ts'
import { createLogger } from '../../ground/log.ts'
import { localRedisForEachTest } from './support/local-redis-suite.ts'
import { redisAccess } from './support/redis-access.ts'
import { draftStoreContract, newDraft } from './support/draft-store-contract.ts'

const local = localRedisForEachTest()
const silent = createLogger({ level: 'silent' })

describe('the Redis draft store (REDIS_URL), on a real redis-server', () => {
  draftStoreContract(() => createRedisDraftStore({ redis: redisAccess(local.redis.url), log: silent }))

  it('keeps two sites on one Redis apart by their key prefix', async () => {
    const one = createRedisDraftStore({ redis: redisAccess(local.redis.url), prefix: 'one:', log: silent })
    const two = createRedisDraftStore({ redis: redisAccess(local.redis.url), prefix: 'two:', log: silent })
    await one.create(newDraft(), 10)
    expect(await two.list()).toEqual([])
    expect((await local.client.keys('*')).every((key) => key.startsWith('one:'))).toBe(true)
    await Promise.all([one.close(), two.close()])
  })
})
