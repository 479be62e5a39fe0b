import type { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../../ground/log.ts'
import { auditEntry } from '../../server/editor-access/audit-entry.ts'
import { createRedisAuditTrail } from '../../server/editor-access/redis-audit-trail.ts'
import { requestsConnection } from '../../server/redis/redis-connections.ts'
import { localRedisForEachTest } from './support/local-redis-suite.ts'

const local = localRedisForEachTest()
const connections: Redis[] = []
afterEach(() => {
  for (const connection of connections.splice(0)) connection.disconnect()
})

/** One instance's trail, on its own connection to the shared Redis. */
function instanceTrail(cap?: number) {
  const redis = requestsConnection(local.redis.url)
  connections.push(redis)
  return createRedisAuditTrail(redis, createLogger({ level: 'silent' }), cap)
}

const event = (event: string, account: string, details = {}) => auditEntry({ at: new Date().toISOString(), event, account, address: '10.0.0.7', details })

describe('the audit trail on Redis', () => {
  it('is one stream for every instance: what one writes the other reads, newest first, filtered and paged', async () => {
    const [a, b] = [instanceTrail(), instanceTrail()]
    await a.append(event('sign-in', 'asha'))
    await b.append(event('publish', 'asha', { version: 'v2' }))
    await a.append(event('sign-in', 'ben'))
    await b.append(event('sign-in-failed', 'ben', { reason: 'wrong-password', password: 'never kept' }))

    const all = await a.page({ limit: 10 })
    expect(all.entries.map((entry) => `${entry.event} ${entry.account}`)).toEqual(['sign-in-failed ben', 'sign-in ben', 'publish asha', 'sign-in asha'])
    expect(all.entries[0]!.details).toEqual({ reason: 'wrong-password' })
    expect(JSON.stringify(await local.client.xrange('editor:audit', '-', '+'))).not.toContain('never kept')

    expect((await b.page({ limit: 10, account: 'asha', event: 'publish' })).entries.map((entry) => entry.details)).toEqual([{ version: 'v2' }])
    const first = await b.page({ limit: 3 })
    expect(first.next).toBe(first.entries[2]!.id)
    const rest = await b.page({ limit: 3, before: first.next! })
    expect(rest.entries.map((entry) => `${entry.event} ${entry.account}`)).toEqual(['sign-in asha'])
    expect(rest.next).toBeUndefined()
    const later = await a.page({ limit: 10, from: Date.now() + 60_000 })
    expect(later.entries).toEqual([])
  })

  it('is capped: past its length the oldest entries are trimmed, the newest kept', async () => {
    const trail = instanceTrail(100)
    for (let n = 0; n < 1000; n++) await trail.append(event('sign-in', `account-${n}`))
    // Redis trims whole blocks of entries (100 a block by default), so "about": never more than a block over.
    expect(await local.client.xlen('editor:audit')).toBeLessThanOrEqual(200)
    const newest = await trail.page({ limit: 1 })
    expect(newest.entries[0]!.account).toBe('account-999')
  })
})
