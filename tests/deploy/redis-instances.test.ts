// @vitest-environment node
/**
 * Issue 13, proved with real parts: a real redis-server (AOF on), three real server processes
 * (server/compose/main.ts) sharing it, and a real SMTP server. Bounded to about a minute;
 * REDIS_TEST_SUBMISSIONS=5000 runs a longer load.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POSSIBLE_DUPLICATES_KEY } from '../../server/redis/delivery-records.ts'
import { validPayloads } from '../server/support/forms-test-app.ts'
import { startLocalRedis, type LocalRedis } from '../../scripts/lib/local-redis.ts'
import { buildSiteOnce, startServerInstance, type ServerInstance } from '../../scripts/lib/server-process.ts'
import { startSmtpServer, waitFor, type ReceivedMail, type SmtpTestServer } from '../server/support/smtp-test-server.ts'
import { needsSystemPackages } from '../helpers/system-packages.ts'

const SUBMISSIONS = Number(process.env.REDIS_TEST_SUBMISSIONS ?? 600)
const IN_FLIGHT = 10
const RATE_LIMIT = 5
const API_KEY = 'test-key'
const RUN = Date.now().toString(36)

let redis: LocalRedis
let redisClient: Redis
let smtp: SmtpTestServer
/** Every mail any incarnation of the SMTP server accepted. */
const mails: ReceivedMail[] = []
let instances: ServerInstance[] = []
let outboxRoot: string

type Answer = { status: number; body: { success: boolean; message: string; error?: string; data?: { reference?: string } }; replayed: boolean }

let sequence = 0
/** A visitor address of its own per submission (TRUST_PROXY=1), so only the rate-limit case meets the limit. */
const visitorAddress = () => {
  sequence += 1
  return `127.10.${(sequence >> 8) & 255}.${sequence & 255}`
}

async function submit(instance: ServerInstance, marker: string, options: { key?: string; ip?: string } = {}): Promise<Answer | 'unreachable'> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-api-key': API_KEY,
    'x-forwarded-for': options.ip ?? visitorAddress(),
  }
  if (options.key) headers['idempotency-key'] = options.key
  try {
    const answer = await fetch(`${instance.baseUrl}/api/contact`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...validPayloads.contact, message: `Marker [mark:${marker}] please call back.` }),
    })
    return { status: answer.status, body: (await answer.json()) as Answer['body'], replayed: answer.headers.get('idempotent-replayed') === 'true' }
  } catch {
    return 'unreachable' // connection refused or reset: a killed instance
  }
}

/** How many mails carry each marker. */
function deliveriesByMarker(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const mail of mails) for (const [, marker] of (mail.parsed.text ?? '').matchAll(/\[mark:([a-z0-9-]+)\]/g)) counts.set(marker!, (counts.get(marker!) ?? 0) + 1)
  return counts
}

async function queueDepth(instance: ServerInstance): Promise<number | null> {
  const health = (await (await fetch(`${instance.baseUrl}/health`)).json()) as { outbox: { depth: number | null } }
  return health.outbox.depth
}

async function startSmtp(port?: number) {
  smtp = await startSmtpServer(port ? { port } : {})
  const server = smtp
  // Collect from every incarnation into one list, as the mailbox would.
  const push = server.received.push.bind(server.received)
  server.received.push = (...items: ReceivedMail[]) => (mails.push(...items), push(...items))
}

/** Every marker delivered exactly once, except jobs the workers counted as possible duplicates (at most twice). */
async function expectExactlyOnce(references: Map<string, string>) {
  const counts = deliveriesByMarker()
  const possibleDuplicates = new Set(await redisClient.smembers(POSSIBLE_DUPLICATES_KEY))
  for (const [marker, reference] of references) {
    const count = counts.get(marker) ?? 0
    expect(count, `deliveries of ${marker}`).toBeGreaterThanOrEqual(1)
    if (count > 1) {
      expect(possibleDuplicates.has(reference), `${marker} delivered ${count}× without being counted`).toBe(true)
      expect(count).toBe(2)
    }
  }
  return { possibleDuplicates: possibleDuplicates.size, twice: [...references.keys()].filter((marker) => (counts.get(marker) ?? 0) > 1).length }
}

needsSystemPackages('redis')
beforeAll(async () => {
  buildSiteOnce()
  redis = await startLocalRedis()
  redisClient = redis.client()
  await startSmtp()
  outboxRoot = await mkdtemp(join(tmpdir(), 'redis-instances-'))
  const env = (name: string) => ({
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    MAIL_TO: 'sales@example.com',
    API_KEY,
    OUTBOX_DIR: join(outboxRoot, name),
    TRUST_PROXY: '1',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    MAIL_RETRY_BASE_MS: '200',
    MAIL_RETRY_MAX_MS: '1000',
    REDIS_LOCK_MS: '5000',
  })
  instances = await Promise.all(['a', 'b', 'c'].map((name) => startServerInstance(name, env(name))))
}, 180_000)

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.kill('SIGTERM')))
  redisClient?.disconnect()
  await smtp?.close()
  await redis?.stop()
  if (outboxRoot) await rm(outboxRoot, { recursive: true, force: true })
})

describe('three instances on one Redis', () => {
  it(`delivers each of ${SUBMISSIONS} accepted submissions once, with one instance SIGKILLed halfway`, async () => {
    const references = new Map<string, string>()
    const notAccepted: string[] = []
    const victim = instances[1]!
    let restarted: Promise<void> | undefined
    let next = 0
    const startedAt = Date.now()

    async function lane() {
      while (next < SUBMISSIONS) {
        const n = next++
        if (n === Math.floor(SUBMISSIONS / 2)) restarted = victim.kill('SIGKILL').then(() => victim.start())
        const marker = `${RUN}-load-${n}`
        // Like the browser: one Idempotency-Key per submission, one retry after a network failure,
        // which the load balancer sends to another instance.
        const key = `key-${marker}`
        const ip = visitorAddress()
        let answer = await submit(instances[n % 3]!, marker, { key, ip })
        for (let other = 1; answer === 'unreachable' && other < 3; other += 1) answer = await submit(instances[(n + other) % 3]!, marker, { key, ip })
        if (answer !== 'unreachable' && answer.status === 200) references.set(marker, answer.body.data!.reference!)
        else notAccepted.push(`${marker}: ${answer === 'unreachable' ? 'unreachable' : answer.status}`)
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane))
    const acceptedMs = Date.now() - startedAt
    await restarted

    expect(notAccepted).toEqual([])
    expect(victim.logs.join('\n')).toContain('serving') // it came back
    await waitFor(async () => {
      const counts = deliveriesByMarker()
      return [...references.keys()].every((marker) => counts.has(marker)) && (await queueDepth(instances[0]!)) === 0
    }, 90_000)
    await new Promise((resolve) => setTimeout(resolve, 1000)) // a late second copy would show now
    const { possibleDuplicates, twice } = await expectExactlyOnce(references)
    // Only mails in the killed instance's hands can be in the duplicate window: 4 at a time per instance.
    expect(possibleDuplicates).toBeLessThanOrEqual(4)
    console.log(
      `[redis test] ${references.size} accepted in ${acceptedMs} ms, all delivered after ${Date.now() - startedAt} ms; ` +
        `${possibleDuplicates} job(s) counted as possible duplicates, ${twice} delivered twice`,
    )
  }, 150_000)

  it('sends one mail for one Idempotency-Key sent to two instances at once, and replays the first answer', async () => {
    const marker = `${RUN}-idempotent`
    const key = `same-key-${RUN}`
    const [first, second] = await Promise.all([submit(instances[0]!, marker, { key }), submit(instances[2]!, marker, { key })])
    const repeat = await submit(instances[1]!, marker, { key })
    for (const answer of [first, second, repeat]) {
      expect(answer).not.toBe('unreachable')
      if (answer !== 'unreachable') expect(answer.status).toBe(200)
    }
    if (first === 'unreachable' || second === 'unreachable' || repeat === 'unreachable') return
    expect(second.body).toEqual(first.body)
    expect(repeat.body).toEqual(first.body)
    expect(repeat.replayed).toBe(true)
    await waitFor(() => deliveriesByMarker().has(marker), 20_000)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(deliveriesByMarker().get(marker)).toBe(1)
  }, 30_000)

  it('refuses on one instance a visitor who used up the rate limit on another', async () => {
    const ip = '127.200.0.1'
    for (let n = 0; n < RATE_LIMIT; n += 1) {
      const answer = await submit(instances[n % 2]!, `${RUN}-limit-${n}`, { ip })
      expect(answer !== 'unreachable' && answer.status).toBe(200)
    }
    const refused = await submit(instances[2]!, `${RUN}-limit-over`, { ip })
    expect(refused).not.toBe('unreachable')
    if (refused === 'unreachable') return
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ success: false, error: 'rate_limited' })
  }, 30_000)

  it('answers 503 while Redis is down, loses nothing accepted before, and resumes by itself', async () => {
    // SMTP down first, so what is accepted now is still waiting in Redis when Redis dies.
    const smtpPort = smtp.port
    await smtp.close()
    const references = new Map<string, string>()
    for (let n = 0; n < 20; n += 1) {
      const answer = await submit(instances[n % 3]!, `${RUN}-before-outage-${n}`)
      expect(answer !== 'unreachable' && answer.status).toBe(200)
      if (answer !== 'unreachable') references.set(`${RUN}-before-outage-${n}`, answer.body.data!.reference!)
    }
    expect(await queueDepth(instances[0]!)).toBeGreaterThan(0)

    await redis.kill() // SIGKILL: no clean shutdown, only the append-only file
    const downSince = Date.now()
    for (const instance of instances) {
      const answer = await submit(instance, `${RUN}-during-outage`, { key: `outage-${RUN}-${instance.name}` })
      expect(answer).not.toBe('unreachable')
      if (answer === 'unreachable') return
      expect(answer.status).toBe(503)
      expect(answer.body).toMatchObject({ success: false, error: 'queue_unavailable' })
      expect(answer.body.message).toMatch(/could not be saved right now; nothing was sent/)
      const health = await fetch(`${instance.baseUrl}/health`)
      expect(health.status).toBe(200) // alive, and says why it is not ready
      expect(await health.json()).toMatchObject({ redis: { reachable: false } })
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3000 - (Date.now() - downSince))))

    await redis.start()
    for (const instance of instances) {
      let answer: Answer | 'unreachable' = 'unreachable'
      await waitFor(async () => {
        answer = await submit(instance, `${RUN}-after-outage-${instance.name}`)
        return answer !== 'unreachable' && answer.status === 200
      }, 20_000)
      const accepted = answer as Answer | 'unreachable'
      if (accepted !== 'unreachable') references.set(`${RUN}-after-outage-${instance.name}`, accepted.body.data!.reference!)
    }

    await startSmtp(smtpPort)
    await waitFor(async () => {
      const counts = deliveriesByMarker()
      return [...references.keys()].every((marker) => counts.has(marker)) && (await queueDepth(instances[0]!)) === 0
    }, 40_000)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await expectExactlyOnce(references)
    expect(deliveriesByMarker().has(`${RUN}-during-outage`)).toBe(false)
  }, 90_000)
})
