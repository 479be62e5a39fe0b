import type { Redis } from 'ioredis'
import { Secret, TOTP } from 'otpauth'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../../ground/log.ts'
import { createRedisAccessStore } from '../../server/editor-access/redis-access-store.ts'
import { createRedisFactorStore } from '../../server/editor-access/second-factors/redis-factor-store.ts'
import { requestsConnection } from '../../server/redis/redis-connections.ts'
import { localRedisForEachTest } from './support/local-redis-suite.ts'
import { accountsFileWith, asSignedInEditor, cookieSet, editorTestApp, HOST, ORIGIN, PASSWORD, postSignIn, signedIn } from './support/editor-access-app.ts'

const local = localRedisForEachTest()
const connections: Redis[] = []
afterEach(() => {
  for (const connection of connections.splice(0)) connection.disconnect()
})

const FACTORS = { origin: ORIGIN, factorsKey: 'a test key of at least sixteen characters' }
const SECURITY = '/_editor/api/sign-in-security'
const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at })

function factorStore() {
  const redis = requestsConnection(local.redis.url)
  connections.push(redis)
  return { redis, store: createRedisFactorStore(redis, createLogger({ level: 'silent' })) }
}

describe('the second factors’ store on Redis', () => {
  it('gives a value, and a claim, to one of many instances asking at once', async () => {
    const [a, b] = [factorStore().store, factorStore().store]
    await a.put('passkey-sign-in:challenge', 'binding', 60_000)
    const taken = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? a : b).take('passkey-sign-in:challenge')))
    expect(taken.filter((value) => value === 'binding')).toHaveLength(1)
    expect(await b.get('passkey-sign-in:challenge')).toBeUndefined()

    const claims = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? a : b).claim('app-code:asha:123', 90_000)))
    expect(claims.filter(Boolean)).toHaveLength(1)
  })

  it('keeps nothing past its time, under its own prefix', async () => {
    const { store } = factorStore()
    await store.put('pending:x', '{}', 300_000)
    await store.claim('app-code:asha:1', 90_000)
    const keys = (await local.client.keys('*')).sort()
    expect(keys).toEqual(['editor:factors:app-code:asha:1', 'editor:factors:pending:x'])
    for (const key of keys) {
      const ttl = await local.client.pttl(key)
      expect(ttl).toBeGreaterThan(0)
      expect(ttl).toBeLessThanOrEqual(300_000)
    }
    await store.put('short', 'gone soon', 20)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(await store.get('short')).toBeUndefined()
  })

  it('lets a sign-in begun on one instance finish on another, and a code used on one be refused on the other', async () => {
    const accountsFile = await accountsFileWith()
    const instance = () => {
      const { redis, store } = factorStore()
      return editorTestApp({ accountsFile, store: createRedisAccessStore(redis, createLogger({ level: 'silent' })), factorStore: store, secondFactors: FACTORS })
    }
    const [a, b] = [await instance(), await instance()]
    const session = await signedIn(a.http)
    const { secret } = (await asSignedInEditor(a.http.post(`${SECURITY}/app/start`), session).send({ password: PASSWORD })).body as { secret: string }
    // The secret waiting for its first code is on Redis: B confirms what A began.
    expect((await asSignedInEditor(b.http.post(`${SECURITY}/app`), session).send({ code: codeAt(secret, Date.now()) })).status).toBe(200)

    const secondStep = async (onPassword: typeof a, onCode: typeof a, code: string) => {
      const password = await postSignIn(onPassword.http, { account: 'asha', password: PASSWORD })
      expect(password.headers.location).toBe('/_editor/sign-in/second-factor')
      const cookie = `editor_second_factor=${cookieSet(password, 'editor_second_factor')}`
      const page = await onCode.http.get('/_editor/sign-in/second-factor').set('Host', HOST).set('Cookie', cookie)
      expect(page.status).toBe(200)
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!
      return onCode.http.post('/_editor/sign-in/second-factor').set('Host', HOST).set('Origin', ORIGIN).set('Cookie', cookie).type('form').send({ csrf, code })
    }
    const next = codeAt(secret, Date.now() + 30_000)
    const finished = await secondStep(a, b, next)
    expect(finished.status).toBe(303)
    expect(cookieSet(finished, 'editor_session')).toBeTruthy()
    const replayed = await secondStep(b, a, next)
    expect(replayed.status).toBe(401)
    expect(replayed.text).toContain('That code is not right, or was already used.')
  })
})
