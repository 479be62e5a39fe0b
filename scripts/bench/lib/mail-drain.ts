import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createFormsService } from '../../../server/compose/forms-service.ts'
import { createLogger } from '../../../ground/log.ts'
import { createOutbox } from '../../../server/disk/outbox.ts'
import type { OutboxMessage } from '../../../server/queue/outbox-message.ts'
import { startLocalSmtpServer } from '../../harness/local-smtp-server.ts'
import { shippedForms } from './shipped-forms.ts'

/** A local SMTP server that accepts and counts, nothing else: the drain rate is ours, not its. */
export async function countingSmtpServer() {
  let received = 0
  const server = await startLocalSmtpServer({
    onData(stream, _session, callback) {
      stream.on('data', () => {})
      stream.on('end', () => {
        received += 1
        callback()
      })
    },
  })
  return {
    ...server,
    received: () => received,
    /** Starts the count again (between runs of a benchmark). */
    reset: () => void (received = 0),
  }
}

/**
 * Queue `count` contact messages in a fresh outbox (as accepted submissions are), then start the
 * delivery worker against a local SMTP server and time how long the outbox takes to empty.
 */
export async function measureMailDrain(count: number): Promise<{ count: number; seconds: number; perSecond: number }> {
  const smtp = await countingSmtpServer()
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-drain-'))
  const forms = createFormsService({
    forms: shippedForms,
    outboxDir,
    apiKey: 'bench-key',
    mailFrom: 'bench@example.com',
    mailTo: ['bench@example.com'],
    smtpUrl: smtp.url,
    log: createLogger({ level: 'silent' }),
  })
  const outbox = createOutbox(outboxDir)
  const now = Date.now()
  for (let index = 0; index < count; index += 1) {
    const message: OutboxMessage = {
      version: 1,
      id: `contact-bench${index}`,
      form: 'contact',
      receivedAt: new Date(now + index).toISOString(),
      fields: { name: 'Asha Roy', email: 'asha.roy@example.org', subject: 'services', message: `Bench message ${index}` },
    }
    await outbox.enqueue(message)
  }
  const started = performance.now()
  forms.start()
  while (smtp.received() < count) await new Promise((resolve) => setTimeout(resolve, 20))
  while ((await outbox.stats()).depth > 0) await new Promise((resolve) => setTimeout(resolve, 20))
  const seconds = (performance.now() - started) / 1000
  await forms.stop()
  await smtp.close()
  fs.rmSync(outboxDir, { recursive: true, force: true })
  return { count, seconds, perSecond: count / seconds }
}

/** The contact submission the benchmarks post, as the browser sends it. */
export const benchContactBody = JSON.stringify({
  name: 'Asha Roy',
  email: 'asha.roy@example.org',
  phone: '+91 98300 12345',
  subject: 'services',
  message: 'Please call me about firewalls for three offices.',
})
