import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Koa from 'koa'
import request from 'supertest'
import { afterEach } from 'vitest'
import { apiRouter } from '../../../server/compose/api-router.ts'
import { memoryLog } from '../../../ground/log.ts'
import { createFormsService, type FormsServiceOptions } from '../../../server/compose/forms-service.ts'
import type { OutboxMessage } from '../../../server/queue/outbox-message.ts'
import { startSmtpServer, type DataReply, type SmtpTestServer } from './smtp-test-server.ts'
import { shippedForms } from '../../helpers/shipped-forms.ts'

export const TEST_API_KEY = 'test-key'

/** One valid JSON call per form, as a script would send it: no anti-spam fields. */
export const validPayloads = {
  contact: {
    name: 'Asha Roy',
    email: 'asha.roy@example.org',
    phone: '+91 98300 12345',
    subject: 'services',
    message: 'We need a firewall review for our three offices.',
  },
  quote: {
    name: 'Asha Roy',
    email: 'asha.roy@example.org',
    phone: '+91 98300 12345',
    company: 'Roy Logistics',
    service: 'Custom Quote Request',
    message: 'Organization: Roy Logistics\nProducts: next-generation firewalls, managed EDR',
  },
  career: {
    name: 'Asha Roy',
    email: 'asha.roy@example.org',
    phone: '+91 98300 12345',
    position: 'Job Application',
    resume: 'asha-roy-cv.pdf',
  },
}

const temporaryDirs: string[] = []

export async function temporaryDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'forms-test-'))
  temporaryDirs.push(dir)
  return dir
}

export async function removeTemporaryDirs(): Promise<void> {
  await Promise.all(temporaryDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
}

const cleanups: Array<() => unknown> = []

/** Runs after the current test (the last registered first): a started service or server is stopped. */
export function afterTest(cleanup: () => unknown): void {
  cleanups.push(cleanup)
}

/** The shared setup of the server tests: after each test, stop what it started and remove its folders. */
export function cleanUpAfterEachTest(): void {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    await removeTemporaryDirs()
  })
}

/** A local SMTP server for this test, closed after it. */
export async function smtpServerForTest(reply?: DataReply): Promise<SmtpTestServer> {
  const server = await startSmtpServer(reply ? { reply } : {})
  afterTest(server.close)
  return server
}

/** The forms service mounted in a bare Koa app, driven through app.callback() (no port). */
export function formsTestApp(options: Partial<FormsServiceOptions> & { outboxDir: string }) {
  const { log, lines: logs, entries: logEntries } = memoryLog()
  const service = createFormsService({
    forms: shippedForms,
    apiKey: TEST_API_KEY,
    mailFrom: 'Eastbridge website <forms@example.com>',
    mailTo: ['sales@example.com'],
    rateLimitPerMinute: 1000,
    minSubmitMs: 3000,
    retryBaseMs: 20,
    retryMaxMs: 100,
    log,
    ...options,
  })
  const app = new Koa()
  app.use(
    apiRouter(
      [service.routes],
      [...service.definitions.values()].map((form) => form.path),
    ),
  )
  return { service, logs, logEntries, http: request(app.callback()) }
}

/** What is waiting in the outbox, read straight from disk; a résumé's `path` is its attachment file beside the record. */
export async function pendingMessages(outboxDir: string): Promise<OutboxMessage[]> {
  const dir = join(outboxDir, 'pending')
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json') && !name.startsWith('.'))
  return Promise.all(
    names.map(async (name) => {
      const message = JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMessage
      return message.resume && message.resume.contentBase64 === undefined
        ? { ...message, resume: { ...message.resume, path: join(outboxDir, 'attachments', message.id) } }
        : message
    }),
  )
}

/** The bytes of a queued résumé, wherever the queue keeps them. */
export const resumeBytes = async (message: OutboxMessage | undefined): Promise<Buffer | undefined> => {
  const resume = message?.resume
  if (!resume) return undefined
  return resume.path !== undefined ? readFile(resume.path) : Buffer.from(resume.contentBase64, 'base64')
}
