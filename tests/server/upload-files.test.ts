// @vitest-environment node
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { OutboxMessage } from '../../server/queue/outbox-message.ts'
import { createOutbox } from '../../server/disk/outbox.ts'
import { messageFileContent } from '../../server/disk/message-file.ts'
import { careerUpload, listeningApp, resumeOf, startUpload, upload } from './support/career-upload.ts'
import { afterTest, cleanUpAfterEachTest, formsTestApp, pendingMessages, temporaryDir } from './support/forms-test-app.ts'
import { pngFile } from './support/resume-files.ts'
import { waitFor } from './support/smtp-test-server.ts'

/**
 * A résumé is never held in memory whole: it is written to the outbox's disk as it arrives, kept
 * there beside its message's record, attached to the mail from there, and removed with the message.
 * Whatever is refused, abandoned or already queued leaves no file behind.
 */
cleanUpAfterEachTest()

const attachmentsOf = (outboxDir: string) => readdir(join(outboxDir, 'attachments')).catch(() => [] as string[])
const attachedTo = (smtp: Awaited<ReturnType<typeof listeningApp>>['smtp'], applicant: string) =>
  smtp.received.find(({ parsed }) => parsed.subject?.includes(applicant))?.parsed.attachments[0]?.content

describe('a résumé on its way through the outbox', () => {
  it('is on disk while it is still arriving, beside its record once accepted, in the mail intact, and gone after delivery', async () => {
    const { port, service, smtp, outboxDir } = await listeningApp({})
    const resume = resumeOf(1024 * 1024)
    const sending = startUpload(port, careerUpload(resume, 'Asha Roy'), 700 * 1024)

    // Half sent: the bytes so far are in a file of the outbox, not waiting in memory for the rest.
    await waitFor(async () => {
      const [name] = await attachmentsOf(outboxDir)
      return name !== undefined && name.startsWith('.upload-') && (await stat(join(outboxDir, 'attachments', name))).size > 512 * 1024
    })
    sending.finish()
    const answer = await sending.answer
    expect(answer.status).toBe(200)
    const id = String(answer.body.data?.reference)

    // The record is small: the résumé is the file attachments/<id>, byte for byte.
    expect((await stat(join(outboxDir, 'pending', `${id}.json`))).size).toBeLessThan(2048)
    expect(await attachmentsOf(outboxDir)).toEqual([id])
    expect((await readFile(join(outboxDir, 'attachments', id))).equals(resume)).toBe(true)

    service.start()
    await waitFor(() => smtp.received.length === 1, 10_000)
    expect(attachedTo(smtp, 'Asha Roy')?.equals(resume)).toBe(true)
    await waitFor(async () => (await attachmentsOf(outboxDir)).length === 0)
  })

  it('leaves no file behind when it is refused, abandoned half-way or sent twice with one Idempotency-Key', async () => {
    const { port, outboxDir } = await listeningApp({})
    const wrongContent = careerUpload(pngFile(), 'Png Sender')
    expect((await upload(port, wrongContent)).status).toBe(400)
    expect((await upload(port, careerUpload(resumeOf(5 * 1024 * 1024 + 1), 'Too Large'))).status).toBe(413)

    const abandoned = startUpload(port, careerUpload(resumeOf(1024 * 1024), 'Gone Away'), 300 * 1024)
    abandoned.answer.catch(() => undefined)
    await waitFor(async () => (await attachmentsOf(outboxDir)).length === 1)
    abandoned.abandon()
    await waitFor(async () => (await attachmentsOf(outboxDir)).length === 0)

    const twice = careerUpload(resumeOf(200 * 1024), 'Sent Twice')
    const first = await upload(port, twice, { 'idempotency-key': 'same-application' })
    const again = await upload(port, twice, { 'idempotency-key': 'same-application' })
    expect([first.status, again.status]).toEqual([200, 200])
    expect(await attachmentsOf(outboxDir)).toEqual([String(first.body.data?.reference)])
  })

  it('takes forty sent at once by plain clients, none asked to come back later', async () => {
    const { port } = await listeningApp({})
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => upload(port, careerUpload(resumeOf(256 * 1024), `Applicant ${index}`))))
    expect(answers.map(({ status }) => status)).toEqual(Array(40).fill(200))
  })

  it('is refused (503, outbox_full) before a byte is read when the outbox disk has no room for one more, and leaves nothing', async () => {
    const reserveMb = 64
    // Room for a few hundred kilobytes above the reserve: not for a résumé of up to 5 MB.
    const statfs = async () => ({ bsize: 4096, bavail: (reserveMb * 1024 * 1024 + 400 * 1024) / 4096 })
    const { port, outboxDir } = await listeningApp({ statfs, outboxReserveMb: reserveMb })
    const refused = await upload(port, careerUpload(resumeOf(100 * 1024), 'No Room'))
    expect(refused.status).toBe(503)
    expect(refused.body.error).toBe('outbox_full')
    expect(await attachmentsOf(outboxDir)).toEqual([])
    expect(await pendingMessages(outboxDir)).toEqual([])
  })
})

describe('the attachments folder over time', () => {
  const details = { fileName: 'resume-asha-roy.pdf', contentType: 'application/pdf', originalName: 'cv.pdf' }
  const message = (id: string, resume: OutboxMessage['resume']): OutboxMessage => ({
    version: 1,
    id,
    form: 'career',
    receivedAt: new Date().toISOString(),
    fields: { name: 'Asha Roy', email: 'asha@example.org', phone: '+91 98300 12345', position: 'Job Application', resume: 'cv.pdf' },
    ...(resume ? { resume } : {}),
  })

  it('delivers a record of an earlier version, its résumé inside it as base64', async () => {
    const { service, smtp, outboxDir } = await listeningApp({})
    const resume = resumeOf(300 * 1024)
    const old = message('career-old-format-1', { ...details, contentBase64: resume.toString('base64') })
    await createOutbox(outboxDir).prepare()
    await writeFile(join(outboxDir, 'pending', `${old.id}.json`), [...messageFileContent(old)].join(''))
    service.start()
    await waitFor(() => smtp.received.length === 1, 10_000)
    expect(attachedTo(smtp, 'Asha Roy')?.equals(resume)).toBe(true)
  })

  it('keeps a résumé as long as its message is pending or a dead letter, and removes it with the message', async () => {
    const outboxDir = await temporaryDir()
    const outbox = createOutbox(outboxDir)
    await outbox.prepare()
    const upload = join(outbox.uploadsDir, '.upload-test')
    await writeFile(upload, resumeOf(1000))
    await outbox.enqueue(message('career-dead-1', { ...details, path: upload }))
    expect((await outbox.read('career-dead-1')).resume?.path).toBe(join(outboxDir, 'attachments', 'career-dead-1'))
    await outbox.moveToDeadLetter('career-dead-1', { reason: 'refused', failedAt: new Date().toISOString(), attempts: 1 })
    expect(await attachmentsOf(outboxDir)).toEqual(['career-dead-1'])
    await outbox.requeueDeadLetter('career-dead-1')
    expect((await outbox.read('career-dead-1')).resume?.path).toBeDefined()
    await outbox.moveToDeadLetter('career-dead-1', { reason: 'refused', failedAt: new Date().toISOString(), attempts: 1 })
    await outbox.deleteDeadLetter('career-dead-1')
    expect(await attachmentsOf(outboxDir)).toEqual([])
  })

  it('is pruned of uploads a crash cut off and of résumés whose message is gone, once they are old', async () => {
    const outboxDir = await temporaryDir()
    // The mail server is down: the pending message stays pending.
    const transport = { sendMail: () => Promise.reject(Object.assign(new Error('connection refused'), { code: 'ECONNECTION' })) }
    const { service } = formsTestApp({ outboxDir, transport })
    afterTest(() => service.stop())
    const outbox = createOutbox(outboxDir)
    await outbox.prepare()
    const staged = join(outbox.uploadsDir, '.upload-cut-off')
    await writeFile(staged, 'half a résumé')
    await writeFile(join(outbox.uploadsDir, 'career-orphan-1'), 'a résumé whose record was never written')
    await writeFile(join(outbox.uploadsDir, 'career-recent-1'), 'a résumé whose record is being written now')
    const kept = join(outbox.uploadsDir, '.upload-kept')
    await writeFile(kept, resumeOf(1000))
    await outbox.enqueue(message('career-pending-1', { ...details, path: kept }))
    const anHourAgo = new Date(Date.now() - 60 * 60_000)
    for (const name of ['.upload-cut-off', 'career-orphan-1', 'career-pending-1']) await utimes(join(outbox.uploadsDir, name), anHourAgo, anHourAgo)

    service.start() // prunes at once
    await waitFor(async () => (await attachmentsOf(outboxDir)).length === 2)
    expect((await attachmentsOf(outboxDir)).sort()).toEqual(['career-pending-1', 'career-recent-1'])
  })
})
