// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fuzzCaseArbitrary } from './support/fuzz-requests.ts'
import { liveServerForFile } from './support/live-server.ts'
import { httpRequest, rawRequest } from './support/raw-http.ts'
import { waitFor } from './support/smtp-test-server.ts'

/**
 * Random and mutated requests over raw sockets to the three form endpoints. Seeded, so a failure
 * repeats; FUZZ_RUNS (default 1500) and FUZZ_SEED run it longer or differently.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1500)
const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
const ANSWER_DEADLINE_MS = 10_000

const server = liveServerForFile()

describe('fuzzed form requests', () => {
  it(`${RUNS} requests: every answer is 2xx or 4xx JSON in time, the server lives on, each accepted mail arrives once`, async () => {
    const accepted = new Map<string, { marker: string; honeypot: boolean }>()
    let counter = 0
    const arbitrary = fc.integer({ min: 0, max: 0 }).chain(() => fuzzCaseArbitrary(`m${(counter += 1)}x`))

    await fc.assert(
      fc.asyncProperty(arbitrary, async (fuzzCase) => {
        const answer = await rawRequest(server().port, fuzzCase.bytes, ANSWER_DEADLINE_MS)
        expect(answer, 'an answer before the deadline').toBeDefined()
        const { status, headers, body } = answer!
        expect(status >= 200 && status < 500, `status ${status}`).toBe(true)
        expect(headers['content-type']).toMatch(/^application\/json/)
        const parsed = JSON.parse(body) as Record<string, unknown>
        expect(typeof parsed.success).toBe('boolean')
        expect(typeof parsed.message).toBe('string')
        expect(Object.keys(parsed).every((key) => ['success', 'message', 'error', 'data'].includes(key))).toBe(true)
        if (status < 300) {
          const reference = String((parsed.data as { reference?: unknown } | undefined)?.reference)
          // A replayed Idempotency-Key answers with the first request's reference: one mail for both.
          if (!accepted.has(reference)) accepted.set(reference, { marker: fuzzCase.marker, honeypot: fuzzCase.honeypot })
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )

    expect((await rawRequest(server().port, httpRequest('GET', '/health', {})))?.status).toBe(200)
    const expected = [...accepted].filter(([, { honeypot }]) => !honeypot)
    await waitFor(() => server().smtp.received.length >= expected.length, 60_000)
    await server().forms.deliveryIdle?.()
    const deliveredIds = server().smtp.received.map(({ parsed }) => parsed.messageId?.replace(/^<|@.*$/g, ''))
    expect(new Set(deliveredIds).size, 'no mail twice').toBe(deliveredIds.length)
    expect(deliveredIds.sort()).toEqual(expected.map(([reference]) => reference).sort())
  }, 300_000)
})
