// @vitest-environment node
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { describe, expect, it } from 'vitest'
import { createOutbox } from '../../server/disk/outbox.ts'
import { afterTest, cleanUpAfterEachTest, formsTestApp, pendingMessages, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { pdfFile } from './support/resume-files.ts'
import { startSmtpServer, waitFor } from './support/smtp-test-server.ts'

cleanUpAfterEachTest()

describe('after a restart', () => {
  it('delivers what the previous run accepted but never sent', async () => {
    const outboxDir = await temporaryDir()
    const before = formsTestApp({ outboxDir, smtpUrl: 'smtp://127.0.0.1:9' }) // never started: nothing is sent
    await before.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    await before.http.post('/api/quote').set('x-api-key', TEST_API_KEY).send(validPayloads.quote)
    await before.service.stop()
    expect(await pendingMessages(outboxDir)).toHaveLength(2)

    const smtp = await startSmtpServer()
    afterTest(smtp.close)
    const after = formsTestApp({ outboxDir, smtpUrl: smtp.url })
    after.service.start()
    afterTest(() => after.service.stop())

    await waitFor(() => smtp.received.length === 2)
    expect(smtp.received.map((mail) => mail.parsed.subject)).toEqual(['Contact form: Asha Roy — services', 'Quote request: Asha Roy — Roy Logistics'])
    await waitFor(async () => (await after.service.health()).outbox?.depth === 0)
  })

  it('does not send again a message committed just before the crash, and empties its sent record', async () => {
    const outboxDir = await temporaryDir()
    const before = formsTestApp({ outboxDir })
    const answer = await before.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    const id = answer.body.data.reference as string
    // The crash window the worker closes: the server said 250, the pending file is renamed into sent/, not yet emptied.
    await createOutbox(outboxDir).markSent(id)
    expect(await readFile(join(outboxDir, 'sent', `${id}.json`), 'utf8')).toContain('Asha Roy')

    const smtp = await startSmtpServer()
    afterTest(smtp.close)
    const after = formsTestApp({ outboxDir, smtpUrl: smtp.url })
    after.service.start()
    afterTest(() => after.service.stop())

    await waitFor(async () => (await readFile(join(outboxDir, 'sent', `${id}.json`), 'utf8')) === '')
    await after.service.deliveryIdle()
    expect(smtp.dataAttempts()).toBe(0)
    expect((await after.service.health()).outbox?.depth).toBe(0)
  })

  it('does not send again a message an earlier version recorded with a sent receipt but did not remove', async () => {
    const outboxDir = await temporaryDir()
    const before = formsTestApp({ outboxDir })
    const answer = await before.http.post('/api/contact').set('x-api-key', TEST_API_KEY).send(validPayloads.contact)
    const id = answer.body.data.reference as string
    await writeFile(join(outboxDir, 'sent', `${id}.json`), JSON.stringify({ id, messageId: id, sentAt: new Date().toISOString(), response: '250 OK' }))

    const smtp = await startSmtpServer()
    afterTest(smtp.close)
    const after = formsTestApp({ outboxDir, smtpUrl: smtp.url })
    after.service.start()
    afterTest(() => after.service.stop())

    await waitFor(async () => (await after.service.health()).outbox?.depth === 0)
    await after.service.deliveryIdle()
    expect(smtp.dataAttempts()).toBe(0)
    expect(after.logEntries()).toContainEqual(expect.objectContaining({ id, msg: 'mail was delivered before a restart; removed from the outbox' }))
  })
})

describe('without SMTP_URL', () => {
  it('writes each mail as an .eml file under <outbox>/sent-eml and logs its path', async () => {
    const outboxDir = await temporaryDir()
    const app = formsTestApp({ outboxDir })
    app.service.start()
    afterTest(() => app.service.stop())
    const { resume: _name, ...fields } = validPayloads.career
    const answer = await app.http.post('/api/career').set('x-api-key', TEST_API_KEY).field(fields).attach('resume', pdfFile(), 'cv.pdf')
    const id = answer.body.data.reference as string

    const emlDir = join(outboxDir, 'sent-eml')
    await waitFor(async () => (await readdir(emlDir).catch(() => [] as string[])).includes(`${id}.eml`))
    await waitFor(() => app.logEntries().some((entry) => entry.path === join(emlDir, `${id}.eml`)))
    const mail = await simpleParser(await readFile(join(emlDir, `${id}.eml`)))
    expect(mail.subject).toBe('Career application: Asha Roy — Job Application')
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('sales@example.com')
    expect(mail.attachments[0]?.content.equals(pdfFile())).toBe(true)
    expect(mail.messageId).toBe(`<${id}@example.com>`)
  })
})
