import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { join } from 'node:path'
import type { Middleware } from 'koa'
import { FORMS_DEFAULTS, type FormsSettings } from '../config.ts'
import type { Logger } from '../log.ts'
import type { MailAddressing } from '../mail/composeMail.ts'
import { createDeliveryWorker } from '../mail/deliveryWorker.ts'
import { emlFileSender, senderFromTransport, smtpSender, type MailSender, type MailTransport } from '../mail/mailSender.ts'
import { ensureDirectory, pruneOldFiles } from '../outbox/durableFiles.ts'
import { createIdempotencyStore } from '../outbox/idempotencyStore.ts'
import { createOutbox, type OutboxStats } from '../outbox/outbox.ts'
import { FORM_NAMES, type FormName } from './formNames.ts'
import { createFormsMiddleware } from './formsMiddleware.ts'
import { cachedCheck } from './cachedCheck.ts'

/** The settings (server/config.ts; any left out take their default there) plus what only code can give. */
export type FormsServiceOptions = Partial<FormsSettings> &
  Pick<FormsSettings, 'outboxDir' | 'apiKey' | 'mailFrom' | 'mailTo'> & {
    /** A ready transport (tests); wins over smtpUrl. */
    transport?: MailTransport
    /** Time source for received-at stamps, ages and the retry schedule. Default Date.now. */
    clock?: () => number
    log: Logger
  }

/** A type alias, not an interface, so it fits the app's `Record<string, unknown>` health slot. */
export type FormsHealth = {
  /** null when the outbox folder cannot be read (then /ready says why). */
  outbox: OutboxStats | null
}

export type FormsReadiness = FormsHealth & {
  ready: boolean
  checks: { outboxWritable: boolean; mailTransport: boolean }
  problems: string[]
}

export interface FormsService {
  middleware: Middleware
  health(): Promise<FormsHealth>
  /** Can we take and deliver a submission now? The outbox is writable and the mail transport answers. */
  readiness(): Promise<FormsReadiness>
  /** Start delivering mail (including what a previous run left pending). */
  start(): void
  /** Finish the messages being sent and stop; nothing pending is lost. */
  stop(): Promise<void>
}

const DAY_MS = 24 * 60 * 60_000
/** Sent receipts and remembered answers hold no visitor data; a week covers any retry and any question. */
const RECORD_RETENTION_MS = 7 * DAY_MS
/** A readiness probe every few seconds must not open an SMTP connection every few seconds. */
const READINESS_CACHE_MS = 5000
const VERIFY_TIMEOUT_MS = 3000

function recipientsPerForm(options: FormsServiceOptions): Record<FormName, string[]> {
  const perForm = Object.fromEntries(
    FORM_NAMES.map((name) => [name, options.mailToByForm?.[name]?.length ? options.mailToByForm[name] : options.mailTo]),
  ) as Record<FormName, string[]>
  const without = FORM_NAMES.filter((name) => perForm[name].length === 0)
  if (without.length > 0)
    throw new Error(`No mail recipients for the ${without.join(', ')} form: set MAIL_TO (or MAIL_TO_${without[0]?.toUpperCase()}).`)
  return perForm
}

function senderFor(options: FormsServiceOptions, keepDelivered: boolean): MailSender {
  if (options.transport) return senderFromTransport(options.transport)
  if (options.smtpUrl) return smtpSender(options.smtpUrl)
  return emlFileSender(join(options.outboxDir, 'sent-eml'), options.log, keepDelivered)
}

/** The forms endpoints, the outbox and the delivery worker, wired together. */
export function createFormsService(options: FormsServiceOptions): FormsService & { deliveryIdle(): Promise<void> } {
  const settings = { ...FORMS_DEFAULTS, ...options }
  const now = options.clock ?? Date.now
  const { log } = options
  const addressing: MailAddressing = { from: options.mailFrom, to: recipientsPerForm(options) }
  const outbox = createOutbox(options.outboxDir, now)
  const idempotency = createIdempotencyStore(join(options.outboxDir, 'idempotency'), now)
  const retentionMs = settings.retentionDays * DAY_MS
  const sender = senderFor(options, retentionMs > 0)
  const worker = createDeliveryWorker({
    outbox,
    sender,
    addressing,
    retryBaseMs: settings.retryBaseMs,
    retryMaxMs: settings.retryMaxMs,
    maxAgeMs: settings.maxAgeMs,
    concurrency: settings.deliveryConcurrency,
    now,
    log,
  })

  let pruneTimer: NodeJS.Timeout | undefined
  const emlDir = join(options.outboxDir, 'sent-eml')
  const prune = async () => {
    try {
      await outbox.prune(RECORD_RETENTION_MS, retentionMs)
      await idempotency.prune(RECORD_RETENTION_MS)
      if (!options.transport && !options.smtpUrl) await pruneOldFiles(emlDir, retentionMs, now())
    } catch (error) {
      log.error({ err: error }, 'pruning old outbox records failed')
    }
  }

  const outboxWritable = cachedCheck(READINESS_CACHE_MS, async () => {
    await ensureDirectory(options.outboxDir)
    await access(options.outboxDir, constants.W_OK)
  })
  const mailTransport = cachedCheck(READINESS_CACHE_MS, () => sender.verify(), VERIFY_TIMEOUT_MS)

  return {
    middleware: createFormsMiddleware({
      apiKey: options.apiKey,
      rateLimitPerMinute: settings.rateLimitPerMinute,
      minSubmitMs: settings.minSubmitMs,
      idempotency,
      outbox,
      now,
      log,
      onQueued: () => worker.notify(),
    }),
    // Liveness must not fail because the disk does: figures when they can be read, else null.
    health: async () => ({ outbox: await outbox.stats().catch(() => null) }),
    async readiness() {
      const [stats, writable, transport] = await Promise.all([outbox.stats().catch(() => null), outboxWritable(), mailTransport()])
      const problems = [
        ...(writable.ok ? [] : [`the outbox folder is not writable: ${writable.error}`]),
        ...(transport.ok ? [] : [`the mail transport does not answer: ${transport.error}`]),
      ]
      return { ready: problems.length === 0, checks: { outboxWritable: writable.ok, mailTransport: transport.ok }, problems, outbox: stats }
    },
    start() {
      worker.start()
      void prune()
      pruneTimer ??= setInterval(() => void prune(), DAY_MS / 24).unref()
    },
    async stop() {
      clearInterval(pruneTimer)
      pruneTimer = undefined
      await worker.stop()
    },
    deliveryIdle: () => worker.idle(),
  }
}
