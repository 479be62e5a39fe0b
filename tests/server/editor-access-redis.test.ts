import type { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { createRedisAccessStore } from '../../server/editor-access/redis-access-store.ts'
import { createRedisFailureStore } from '../../server/editor-access/redis-failure-store.ts'
import { createLogger } from '../../ground/log.ts'
import { requestsConnection } from '../../server/redis/redis-connections.ts'
import { localRedisForEachTest } from './support/local-redis-suite.ts'
import { accountsFileWith, editorTestApp, HOST, ORIGIN, PASSWORD, postSignIn, signedIn } from './support/editor-access-app.ts'

const local = localRedisForEachTest()
const connections: Redis[] = []
afterEach(() => {
  for (const connection of connections.splice(0)) connection.disconnect()
})

/** Two instances of the server on one Redis and one accounts file, as behind a load balancer (which sends X-Forwarded-For). */
async function twoInstances() {
  const accountsFile = await accountsFileWith()
  const instance = () => {
    const redis = requestsConnection(local.redis.url)
    connections.push(redis)
    const log = createLogger({ level: 'silent' })
    return editorTestApp({ accountsFile, store: createRedisAccessStore(redis, log), failures: createRedisFailureStore(redis, log), trustProxy: 1 })
  }
  return [await instance(), await instance()] as const
}

const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } })

describe('editor sessions on Redis', () => {
  it('are shared: signed in on one instance, signed in on the other, and signed out on both', async () => {
    const [a, b] = await twoInstances()
    const { cookie, csrfToken } = await signedIn(a.http)
    const onB = await b.http.get('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)
    expect(onB.status).toBe(200)
    expect(onB.body).toEqual({ account: 'asha', role: 'admin', csrfToken })
    // A change made through B with the token A handed out passes B's gate.
    const change = await b.http.post('/_editor/api/anything').set('Host', HOST).set('Origin', ORIGIN).set('Cookie', cookie).set('X-CSRF-Token', csrfToken)
    expect([401, 403]).not.toContain(change.status)

    const page = await b.http.get('/_editor').set('Host', HOST).set('Cookie', cookie)
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!
    expect((await b.http.post('/_editor/sign-out').set('Host', HOST).set('Origin', ORIGIN).set('Cookie', cookie).type('form').send({ csrf })).status).toBe(303)
    expect((await a.http.get('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)).status).toBe(401)
    // Only hashes of session ids are keys in Redis: what it holds is no cookie.
    const keys = await local.client.keys('editor:session:*')
    expect(keys.join()).not.toContain(cookie.split('=')[1])
  })

  it('are listed per account and ended together on every instance: an admin on one signs an account out of the other', async () => {
    const [a, b] = await twoInstances()
    const ben = [await signedIn(a.http, 'ben', 'ben has a long password'), await signedIn(a.http, 'ben', 'ben has a long password')]
    const asha = await signedIn(b.http)
    const list = await b.http.get('/_editor/api/accounts').set('Host', HOST).set('Cookie', asha.cookie)
    const benRow = (list.body.accounts as { name: string; sessions: unknown[] }[]).find((row) => row.name === 'ben')!
    expect(benRow.sessions).toHaveLength(2)
    const out = await b.http.post('/_editor/api/accounts/ben/sign-out').set('Host', HOST).set('Origin', ORIGIN).set('Cookie', asha.cookie).set('X-CSRF-Token', asha.csrfToken)
    expect(out.body.sessionsEnded).toBe(2)
    for (const session of ben) expect((await a.http.get('/_editor/api/session').set('Host', HOST).set('Cookie', session.cookie)).status).toBe(401)
    // The index holds hashes too, goes with its last session, and expires with its sessions.
    expect(await local.client.keys('editor:account-sessions:*')).toEqual(['editor:account-sessions:asha'])
    expect(await local.client.pttl('editor:account-sessions:asha')).toBeGreaterThan(0)
  })

  it('count failed sign-ins across instances: guesses spread over two are slowed on both, and the editor signs in from elsewhere', async () => {
    const [a, b] = await twoInstances()
    for (let attempt = 1; attempt <= 3; attempt++) {
      const instance = attempt % 2 ? a : b
      expect((await postSignIn(instance.http, { account: 'asha', password: `wrong guess ${attempt}` }, from('198.51.100.7'))).status).toBe(401)
    }
    for (const instance of [a, b]) {
      const slowed = await postSignIn(instance.http, { account: 'asha', password: PASSWORD }, from('198.51.100.7'))
      expect(slowed.status).toBe(429)
      expect(slowed.headers['retry-after']).toBe('1')
    }
    expect((await postSignIn(b.http, { account: 'asha', password: PASSWORD }, from('203.0.113.20'))).status).toBe(303)
  })

  it('give a burst of guesses over both instances no more checks than guesses one by one', async () => {
    const [a, b] = await twoInstances()
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) => postSignIn((index % 2 ? a : b).http, { account: 'asha', password: `guess number ${index}` }, from('198.51.100.7'))),
    )
    expect(burst.filter((answer) => answer.status === 401)).toHaveLength(3)
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(37)
  })

  it('keep failed sign-ins under short keys that Redis forgets once the failures are', async () => {
    const [a] = await twoInstances()
    for (const account of ['a'.repeat(5000), 'asha', '__proto__'])
      expect((await postSignIn(a.http, { account, password: 'some long password' }, from('x'.repeat(1000)))).status).toBe(401)
    const keys = await local.client.keys('editor:sign-in-throttle:*')
    // Three names from one address, and the address.
    expect(keys).toHaveLength(4)
    for (const key of keys) {
      expect(key).toMatch(/^editor:sign-in-throttle:[\w-]{43}$/)
      const ttl = await local.client.pttl(key)
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(3 * 15 * 60_000)
    }
  })
})
