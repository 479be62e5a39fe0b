import type { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { createRedisAccessStore } from '../../server/editor-access/redis-access-store.ts'
import { createLogger } from '../../server/log.ts'
import { requestsConnection } from '../../server/redis/redis-connections.ts'
import { localRedisForEachTest } from './support/local-redis-suite.ts'
import { accountsFileWith, editorTestApp, HOST, ORIGIN, PASSWORD, postSignIn, signedIn } from './support/editor-access-app.ts'

const local = localRedisForEachTest()
const connections: Redis[] = []
afterEach(() => {
  for (const connection of connections.splice(0)) connection.disconnect()
})

/** Two instances of the server on one Redis and one accounts file, as behind a load balancer. */
async function twoInstances() {
  const accountsFile = await accountsFileWith()
  const instance = () => {
    const redis = requestsConnection(local.redis.url)
    connections.push(redis)
    return editorTestApp({ accountsFile, store: createRedisAccessStore(redis, createLogger({ level: 'silent' })) })
  }
  return [await instance(), await instance()] as const
}

describe('editor sessions on Redis', () => {
  it('are shared: signed in on one instance, signed in on the other, and signed out on both', async () => {
    const [a, b] = await twoInstances()
    const { cookie, csrfToken } = await signedIn(a.http)
    const onB = await b.http.get('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)
    expect(onB.status).toBe(200)
    expect(onB.body).toEqual({ account: 'asha', csrfToken })
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

  it('count failed sign-ins across instances: guesses spread over two are locked out together', async () => {
    const [a, b] = await twoInstances()
    for (let attempt = 1; attempt <= 5; attempt++) {
      const instance = attempt % 2 ? a : b
      expect((await postSignIn(instance.http, { account: 'asha', password: `wrong guess ${attempt}` })).status).toBe(401)
    }
    expect((await postSignIn(a.http, { account: 'asha', password: PASSWORD })).status).toBe(429)
    expect((await postSignIn(b.http, { account: 'asha', password: PASSWORD })).status).toBe(429)
  })
})
