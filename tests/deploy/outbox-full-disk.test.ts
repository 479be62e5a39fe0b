// @vitest-environment node
// In the deploy project, which runs one file at a time: the flood races the disk's free space against
// the delivery's bookkeeping, and the unit files running beside it (processes, builds) skewed that race.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import request from 'supertest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../server/compose/app.ts'
import { createFormsService } from '../../server/compose/forms-service.ts'
import { memoryLog } from '../../ground/log.ts'
import { fileFaults } from '../server/support/file-faults.ts'
import { afterTest, cleanUpAfterEachTest, pendingMessages, TEST_API_KEY, validPayloads } from '../server/support/forms-test-app.ts'
import { mountTmpfs, simulatedDisk, type SmallDisk } from '../server/support/small-disk.ts'
import { startSmtpServer, waitFor } from '../server/support/smtp-test-server.ts'
import { makeTinyDist } from '../server/support/tiny-site.ts'
import { shippedForms } from '../helpers/shipped-forms.ts'

// Hoisted above the imports: the factory loads the fault module itself.
vi.mock('node:fs/promises', async (importOriginal) => (await import('../server/support/file-faults.ts')).withFaults(await importOriginal()))

cleanUpAfterEachTest()
afterEach(() => fileFaults.reset())

const MB = 1024 * 1024
/** A 2 MB disk with 1 MB kept in reserve: room for some dozens of contact submissions. */
const DISK_BYTES = 2 * MB
const RESERVE_MB = 1
/** Bounded: a few hundred submissions at most (OUTBOX_FULL_DISK_SUBMISSIONS runs more). */
const SUBMISSIONS = Number(process.env.OUTBOX_FULL_DISK_SUBMISSIONS ?? 300)
const AT_ONCE = 10
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The operator's incident, replayed: the outbox on a small filesystem, SMTP down, a flood of
 * submissions; then SMTP comes back. Nothing accepted may be lost or sent twice, the refused
 * ones are 503 with Retry-After, and the server takes submissions again once mail has gone.
 */
async function floodWhileMailIsDown(disk: SmallDisk) {
  const down = await startSmtpServer()
  await down.close() // connections to this port are refused until it comes back
  const { log, entries } = memoryLog()
  const forms = createFormsService({
    forms: shippedForms,
    outboxDir: disk.dir,
    apiKey: TEST_API_KEY,
    mailFrom: 'Eastbridge website <forms@example.com>',
    mailTo: ['sales@example.com'],
    smtpUrl: `smtp://127.0.0.1:${down.port}`,
    outboxReserveMb: RESERVE_MB,
    rateLimitPerMinute: 100_000,
    minSubmitMs: 0,
    retryBaseMs: 20,
    retryMaxMs: 200,
    log,
    ...(disk.statfs ? { statfs: disk.statfs } : {}),
  })
  forms.start()
  afterTest(() => forms.stop())
  const http = request(createApp({ log, distDir: makeTinyDist(), forms }).callback())
  const submit = (index: number) => {
    const post = http.post('/api/contact').set('x-api-key', TEST_API_KEY)
    // Every other one with an Idempotency-Key, as the browser sends them: its answer is written too.
    if (index % 2 === 0) post.set('Idempotency-Key', `flood-${index}`)
    return post.send({ ...validPayloads.contact, name: `Visitor ${index}` })
  }

  const accepted: string[] = []
  const refusals: request.Response[] = []
  for (let first = 0; first < SUBMISSIONS; first += AT_ONCE) {
    const answers = await Promise.all(Array.from({ length: Math.min(AT_ONCE, SUBMISSIONS - first) }, (_, offset) => submit(first + offset)))
    for (const answer of answers) {
      if (answer.status === 200) accepted.push(answer.body.data.reference as string)
      else refusals.push(answer)
    }
    // Until the disk is at its reserve. A burst may be refused a moment early, while its claims are
    // counted: only a reading taken after it (a second later) and the worker's retry schedules tell.
    if (refusals.length > 0 && (await forms.health()).outbox?.disk === 'low') {
      await pause(1100)
      if ((await forms.health()).outbox?.disk === 'low') break
    }
  }

  // Refused before the disk filled: 503, Retry-After, the same JSON shape as every answer.
  expect(accepted.length).toBeGreaterThan(10)
  expect(refusals.length).toBeGreaterThan(0)
  for (const refusal of refusals) {
    expect(refusal.status).toBe(503)
    expect(Number(refusal.headers['retry-after'])).toBeGreaterThan(0)
    expect(refusal.body).toEqual({ success: false, error: 'outbox_full', message: expect.stringMatching(/nothing was sent/) })
  }
  // Delivery's bookkeeping (a retry schedule per waiting mail) always found room.
  expect(entries().filter(({ msg }) => /could not be written|bookkeeping failed/.test(String(msg)))).toEqual([])
  expect(fileFaults.injected).toEqual([])
  expect((await pendingMessages(disk.dir)).map(({ id }) => id).sort()).toEqual([...accepted].sort())
  // Something else on the disk takes a little more, as a log would: the server stays clear of the edge.
  await writeFile(join(disk.dir, 'other-program.log'), Buffer.alloc(64 * 1024))

  // The probes name the disk: /health stays 200 (liveness) with the figures; /ready is 503.
  const health = await http.get('/health')
  expect(health.status).toBe(200)
  expect(health.body.outbox).toMatchObject({ depth: accepted.length, disk: 'low', reserveBytes: RESERVE_MB * MB, freeBytes: expect.any(Number) })
  const ready = await http.get('/ready')
  expect(ready.status).toBe(503)
  expect(ready.body.checks).toMatchObject({ outboxWritable: true, outboxSpace: false })
  expect(ready.body.problems.join(' ')).toContain(`the outbox folder ${disk.dir} has`)
  expect(ready.body.problems.join(' ')).toMatch(/at its reserve of 1\.0 MB \(OUTBOX_RESERVE_MB\)/)

  // SMTP is back: each accepted submission arrives exactly once.
  const back = await startSmtpServer({ port: down.port })
  afterTest(back.close)
  await waitFor(() => back.received.length >= accepted.length, 20_000)
  await waitFor(async () => (await forms.health()).outbox?.depth === 0, 10_000)
  await pause(300) // a duplicate would arrive now
  const delivered = back.received.map(({ parsed }) => /<(.+)@example\.com>/.exec(parsed.messageId ?? '')?.[1])
  expect(delivered.sort()).toEqual([...accepted].sort())

  // Delivered mail freed its space (the sent records are empty): submissions are taken again.
  await waitFor(async () => (await http.get('/ready')).body.checks.outboxSpace === true, 5000)
  const again = await submit(SUBMISSIONS + 1)
  expect(again.status).toBe(200)
  await waitFor(() => back.received.some(({ parsed }) => parsed.messageId === `<${again.body.data.reference}@example.com>`))
  expect(back.received).toHaveLength(accepted.length + 1)
}

describe('the outbox on a small disk, SMTP down, a flood of submissions', () => {
  it('on a real 2 MB tmpfs (where this process may mount one; elsewhere the simulated disk again)', async () => {
    const tmpfs = await mountTmpfs(DISK_BYTES)
    if (!tmpfs) console.info('no tmpfs can be mounted here (not root on Linux): the small disk is simulated')
    await floodWhileMailIsDown(tmpfs ?? (await simulatedDisk(DISK_BYTES)))
  }, 30_000)

  it('on a simulated 2 MB disk (injected statfs and failing writes)', async () => floodWhileMailIsDown(await simulatedDisk(DISK_BYTES)), 30_000)
})

describe('a write that fails for lack of space', () => {
  it('is answered 503 with Retry-After, not 500, and leaves nothing behind', async () => {
    const disk = await simulatedDisk(0) // statfs says there is room: the write itself fails
    const { log } = memoryLog()
    const forms = createFormsService({
      forms: shippedForms,
      outboxDir: disk.dir,
      apiKey: TEST_API_KEY,
      mailFrom: 'f@example.com',
      mailTo: ['s@example.com'],
      outboxReserveMb: 0,
      minSubmitMs: 0,
      log,
      statfs: async () => ({ bsize: 4096, bavail: 1_000_000 }),
    })
    const http = request(createApp({ log, distDir: makeTinyDist(), forms }).callback())
    const answer = await http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    expect(answer.status).toBe(503)
    expect(answer.headers['retry-after']).toBeDefined()
    expect(answer.body).toMatchObject({ success: false, error: 'outbox_full' })
    expect(await pendingMessages(disk.dir)).toEqual([])
  })
})
