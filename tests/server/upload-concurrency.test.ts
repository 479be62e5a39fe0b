// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { careerUpload, listeningApp, resumeOf, startUpload, upload } from './support/career-upload.ts'
import { cleanUpAfterEachTest, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { waitFor } from './support/smtp-test-server.ts'

cleanUpAfterEachTest()

/** Until the server has given `count` uploads a slot (its debug log says so). */
const slotTaken = (logEntries: () => Array<{ msg: string }>, count: number) =>
  waitFor(() => logEntries().filter((entry) => entry.msg === 'upload slot taken: reading the body').length >= count)

describe('career uploads read at once (UPLOAD_CONCURRENCY)', () => {
  it('answers an upload over the bound 503 with Retry-After, unread; once the slot frees the next one is taken, and each résumé arrives intact', async () => {
    const { port, service, smtp, logEntries } = await listeningApp({ uploadConcurrency: 1, uploadWaitMs: 0 })
    const first = resumeOf(300 * 1024)
    const second = resumeOf(200 * 1024)

    const holding = startUpload(port, careerUpload(first, 'First Applicant'))
    await slotTaken(logEntries, 1)

    const refused = await upload(port, careerUpload(second, 'Second Applicant'))
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.headers['content-type']).toMatch(/^application\/json/)
    expect(refused.body).toMatchObject({ success: false, error: 'busy', data: { retryAfterSeconds: 5 } })
    expect(refused.body.message).toContain('nothing was sent')
    expect(logEntries().some((entry) => entry.msg === 'every upload slot busy: answered 503, body not read')).toBe(true)

    // A body declared too large is refused at once, slot or no slot: it would never be read.
    const tooLarge = startUpload(port, Buffer.alloc(6 * 1024 * 1024), 0)
    const tooLargeAnswer = await tooLarge.answer
    expect(tooLargeAnswer.status).toBe(413)

    holding.finish()
    expect((await holding.answer).status).toBe(200)
    const retried = await upload(port, careerUpload(second, 'Second Applicant'))
    expect(retried.status).toBe(200)

    service.start()
    await waitFor(() => smtp.received.length === 2, 10_000)
    const attachmentOf = (applicant: string) => smtp.received.find(({ parsed }) => parsed.subject?.includes(applicant))?.parsed.attachments[0]?.content
    expect(attachmentOf('First Applicant')?.equals(first)).toBe(true)
    expect(attachmentOf('Second Applicant')?.equals(second)).toBe(true)
  })

  it('lets an upload over the bound wait briefly for a slot instead of refusing it', async () => {
    const { port, logEntries } = await listeningApp({ uploadConcurrency: 1, uploadWaitMs: 5000 })
    const holding = startUpload(port, careerUpload(resumeOf(100 * 1024), 'First Applicant'))
    await slotTaken(logEntries, 1)
    const waiting = upload(port, careerUpload(resumeOf(100 * 1024), 'Second Applicant'))
    let settled = false
    void waiting.then(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(settled).toBe(false) // still waiting for the slot the first one holds

    holding.finish()
    expect((await holding.answer).status).toBe(200)
    expect((await waiting).status).toBe(200)
  })

  it('gives a 503 after the wait when the slot never frees', async () => {
    const { port, logEntries } = await listeningApp({ uploadConcurrency: 1, uploadWaitMs: 300 })
    const holding = startUpload(port, careerUpload(resumeOf(100 * 1024), 'First Applicant'))
    await slotTaken(logEntries, 1)
    const started = Date.now()
    const refused = await upload(port, careerUpload(resumeOf(100 * 1024), 'Second Applicant'))
    expect(refused.status).toBe(503)
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    holding.finish()
    expect((await holding.answer).status).toBe(200)
  })

  it('needs no slot for a JSON submission', async () => {
    const { port, logEntries } = await listeningApp({ uploadConcurrency: 1, uploadWaitMs: 0 })
    const holding = startUpload(port, careerUpload(resumeOf(100 * 1024), 'First Applicant'))
    await slotTaken(logEntries, 1)
    const response = await fetch(`http://127.0.0.1:${port}/api/career`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(validPayloads.career),
    })
    expect(response.status).toBe(200)
    holding.finish()
    expect((await holding.answer).status).toBe(200)
  })
})
