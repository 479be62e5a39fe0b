import { describe, expect, it } from 'vitest'
import { createRedisVersionStore } from '../../publish/redis-version-store.ts'
import { StoreUnavailableError } from '../../server/queue/store-errors.ts'
import { createLogger } from '../../ground/log.ts'
import { localRedisForEachTest } from './support/local-redis-suite.ts'
import { redisAccess } from './support/redis-access.ts'
import { versionStoreContract } from './support/version-store-contract.ts'

const local = localRedisForEachTest()
const silent = createLogger({ level: 'silent' })
const NO_CHANGE = { routes: { added: [], removed: [], changed: [] }, site: [] }

describe('the Redis version store (REDIS_URL), on a real redis-server', () => {
  versionStoreContract(({ keep, now }) => createRedisVersionStore({ redis: redisAccess(local.redis.url), keep, log: silent, ...(now ? { now } : {}) }))

  it('keeps two sites on one Redis apart by their key prefix', async () => {
    const one = createRedisVersionStore({ redis: redisAccess(local.redis.url), prefix: 'one:', keep: 5, log: silent })
    const two = createRedisVersionStore({ redis: redisAccess(local.redis.url), prefix: 'two:', keep: 5, log: silent })
    await one.publish({ base: null, configText: '{"site":"one"}', author: 'asha', summary: NO_CHANGE })
    expect(await two.current()).toBeUndefined()
    expect((await local.client.keys('*')).every((key) => key.startsWith('one:'))).toBe(true)
    await Promise.all([one.close(), two.close()])
  })

  it('answers with StoreUnavailableError at once while Redis is down, and works again when it is back', async () => {
    const store = createRedisVersionStore({ redis: redisAccess(local.redis.url), keep: 5, log: silent })
    const first = await store.publish({ base: null, configText: '{}', author: 'asha', summary: NO_CHANGE })
    await local.redis.kill()
    try {
      const startedAt = Date.now()
      await expect(store.current()).rejects.toBeInstanceOf(StoreUnavailableError)
      await expect(store.publish({ base: first.id, configText: '{"x":1}', author: 'asha', summary: NO_CHANGE })).rejects.toBeInstanceOf(StoreUnavailableError)
      await expect(store.putPicture('images/a.png', new Uint8Array([1]))).rejects.toBeInstanceOf(StoreUnavailableError)
      expect(Date.now() - startedAt).toBeLessThan(6000)
    } finally {
      await local.redis.start()
    }
    const deadline = Date.now() + 10_000
    let current
    while (!current && Date.now() < deadline) current = await store.current().catch(() => undefined)
    expect(current?.meta.id).toBe(first.id)
    await store.close()
  }, 30_000)
})
