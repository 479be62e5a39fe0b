import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import { join } from 'node:path'
import type { Middleware } from 'koa'
import { FORMS_DEFAULTS, type FormsSettings } from '../config.ts'
import type { Logger } from '../log.ts'
import type { MailAddressing } from '../mail/compose-mail.ts'
import type { DeliveryAttemptListener } from '../mail/delivery-outcome.ts'
import { createDeliveryWorker } from '../mail/delivery-worker.ts'
import { emlFileSender, senderFromTransport, smtpSender, type MailSender, type MailTransport } from '../mail/mail-sender.ts'
import { ensureDirectory, pruneOldFiles } from '../outbox/durable-files.ts'
import { createDiskSpaceGuard, type DiskSpaceFigures, type ReadFilesystem } from '../outbox/disk-space.ts'
import { createIdempotencyStore } from '../outbox/idempotency-store.ts'
import { createOutbox } from '../outbox/outbox.ts'
import { createDiskQueue } from '../queue/disk-queue.ts'
import { createRedisFormsBackend } from '../queue/redis-forms-backend.ts'
import type { FormsBackend, FormsHealth } from '../queue/submission-queue.ts'
import { cachedCheck } from './cached-check.ts'
import { FORM_NAMES, type FormName } from '../../site/generated/forms.ts'
import { createFormsMiddleware } from './forms-middleware.ts'
import { createUploadSlots } from './upload-slots.ts'

/** The settings (server/config.ts; any left out take their default there) plus what only code can give. */
export type FormsServiceOptions = Partial<FormsSettings> &
  Pick<FormsSettings, 'outboxDir' | 'apiKey' | 'mailFrom' | 'mailTo'> & {
    /** A ready transport (tests); wins over smtpUrl. */
    transport?: MailTransport
    /** Time source for received-at stamps, ages and the retry schedule. Default Date.now. */
    clock?: () => number
    /** How the outbox's free space is read; default Node's fs.statfs (a test gives a small disk). */
    statfs?: ReadFilesystem
    /** How long an upload waits for one of the UPLOAD_CONCURRENCY slots before its 503; default UPLOAD_WAIT_MS. */
    uploadWaitMs?: number
    log: Logger
  }

type FormsReadiness = FormsHealth & {
  ready: boolean
  /** What was checked: the outbox folder or Redis, and the mail transport. */
  checks: Record<string, boolean>
  problems: string[]
}

export interface FormsService {
  middleware: Middleware
  health(): Promise<FormsHealth>
  /** Can we take and deliver a submission now? The queue's store and the mail transport answer. */
  readiness(): Promise<FormsReadiness>
  /** Resolves true once the queue's store can take submissions (Redis connected), false after `timeoutMs`. */
  whenReady(timeoutMs: number): Promise<boolean>
  /** Start delivering mail (including what a previous run left pending). */
  start(): void
  /** Finish the messages being sent and stop; nothing pending is lost. */
  stop(): Promise<void>
  /** Be told the outcome of every delivery attempt (the app's metrics); returns the way to stop listening. */
  onDeliveryAttempt(listener: DeliveryAttemptListener): () => void
}

const DAY_MS = 24 * 60 * 60_000
/** Sent records (emptied at delivery) and remembered answers hold no visitor data; a week covers any retry and any question. */
const RECORD_RETENTION_MS = 7 * DAY_MS
/** A readiness probe every few seconds must not open an SMTP connection every few seconds. */
const READINESS_CACHE_MS = 5000
const MB = 1024 * 1024
const inMb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`
const VERIFY_TIMEOUT_MS = 3000
/**
 * A burst of uploads waits this long for a slot rather than being refused at once: a slot frees in
 * well under a second on a good line, and the waiting body stays in TCP, not in memory. Short
 * enough that a saturated server says so (503) long before REQUEST_TIMEOUT_MS or the browser gives up.
 */
const UPLOAD_WAIT_MS = 5000

function recipientsPerForm(options: FormsServiceOptions): Record<FormName, string[]> {
  const perForm = Object.fromEntries(FORM_NAMES.map((name) => [name, options.mailToByForm?.[name]?.length ? options.mailToByForm[name] : options.mailTo])) as Record<
    FormName,
    string[]
  >
  const without = FORM_NAMES.filter((name) => perForm[name].length === 0)
  if (without.length > 0) throw new Error(`No mail recipients for the ${without.join(', ')} form: set MAIL_TO (or MAIL_TO_${without[0]?.toUpperCase()}).`)
  return perForm
}

function senderFor(options: FormsServiceOptions, keepDelivered: boolean): MailSender {
  if (options.transport) return senderFromTransport(options.transport)
  if (options.smtpUrl) return smtpSender(options.smtpUrl)
  return emlFileSender(join(options.outboxDir, 'sent-eml'), options.log, keepDelivered)
}

/** The options with every default filled in (server/config.ts holds the defaults). */
const settle = (options: FormsServiceOptions) => ({
  ...FORMS_DEFAULTS,
  ...options,
  retentionMs: (options.retentionDays ?? FORMS_DEFAULTS.retentionDays) * DAY_MS,
  now: options.clock ?? Date.now,
})
type Settings = ReturnType<typeof settle>

function spaceProblem(outboxDir: string, figures: DiskSpaceFigures): string | undefined {
  if (figures.disk === 'ok') return undefined
  if (figures.freeBytes === null) return `the free space of the outbox folder ${outboxDir} cannot be read: ${figures.problem ?? 'unknown error'}`
  return `the outbox folder ${outboxDir} has ${inMb(figures.freeBytes)} free, at its reserve of ${inMb(figures.reserveBytes)} (OUTBOX_RESERVE_MB): submissions are refused (503) until space is freed`
}

/** The embedded default: everything in OUTBOX_DIR, one process. */
function diskBackend(settings: Settings, sender: MailSender, addressing: MailAddressing, onAttempt: DeliveryAttemptListener): FormsBackend {
  const { outboxDir, now, log, retentionMs } = settings
  const outbox = createOutbox(outboxDir, now)
  const idempotency = createIdempotencyStore(join(outboxDir, 'idempotency'), { now, log })
  const space = createDiskSpaceGuard({ dir: outboxDir, reserveBytes: settings.outboxReserveMb * MB, ...(settings.statfs ? { statfs: settings.statfs } : {}) })
  /** Stored submissions whose answer is not settled yet: the worker leaves them alone. */
  const held = new Set<string>()
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
    onAttempt,
    isHeld: (id) => held.has(id),
  })
  const queue = createDiskQueue({ outbox, worker, space, held, log })
  const diskFigures = async () => space.figures(await queue.smallestSubmissionBytes())
  const writable = cachedCheck(READINESS_CACHE_MS, async () => {
    await ensureDirectory(outboxDir)
    await access(outboxDir, constants.W_OK)
  })
  const emlWritten = !settings.transport && !settings.smtpUrl
  return {
    queue,
    idempotency,
    // Liveness must not fail because the disk does: figures when they can be read, else null.
    async health() {
      const [stats, { freeBytes, reserveBytes, disk }] = await Promise.all([outbox.stats().catch(() => null), diskFigures()])
      return { outbox: stats && { ...stats, freeBytes, reserveBytes, disk } }
    },
    async storeChecks() {
      const [outcome, figures] = await Promise.all([writable(), diskFigures()])
      return [
        { name: 'outboxWritable', ok: outcome.ok, problem: outcome.ok ? undefined : `the outbox folder is not writable: ${outcome.error}` },
        { name: 'outboxSpace', ok: figures.disk === 'ok', problem: spaceProblem(outboxDir, figures) },
      ]
    },
    async prune() {
      await outbox.prune(RECORD_RETENTION_MS, retentionMs)
      await idempotency.prune(RECORD_RETENTION_MS)
      if (emlWritten) await pruneOldFiles(join(outboxDir, 'sent-eml'), retentionMs, now())
    },
  }
}

/** The forms endpoints, the queue (disk outbox or Redis) and the delivery worker, wired together. */
export function createFormsService(options: FormsServiceOptions): FormsService & { deliveryIdle(): Promise<void> } {
  const settings = settle(options)
  const { log, now } = settings
  const addressing: MailAddressing = { from: options.mailFrom, to: recipientsPerForm(options) }
  const sender = senderFor(options, settings.retentionMs > 0)
  const attemptListeners = new Set<DeliveryAttemptListener>()
  const onAttempt: DeliveryAttemptListener = (form, outcome) => attemptListeners.forEach((listener) => listener(form, outcome))
  // The one place the queue is chosen.
  const backend = settings.redisUrl
    ? createRedisFormsBackend({
        redisUrl: settings.redisUrl,
        sender,
        addressing,
        retryBaseMs: settings.retryBaseMs,
        retryMaxMs: settings.retryMaxMs,
        maxAgeMs: settings.maxAgeMs,
        lockMs: settings.redisLockMs,
        recordKeepMs: RECORD_RETENTION_MS,
        log,
        onAttempt,
      })
    : diskBackend(settings, sender, addressing, onAttempt)
  const mailTransport = cachedCheck(READINESS_CACHE_MS, () => sender.verify(), VERIFY_TIMEOUT_MS)

  let pruneTimer: NodeJS.Timeout | undefined
  const prune = () => backend.prune().catch((error: unknown) => log.error({ err: error }, 'pruning old outbox records failed'))

  return {
    middleware: createFormsMiddleware({
      apiKey: options.apiKey,
      rateLimitPerMinute: settings.rateLimitPerMinute,
      minSubmitMs: settings.minSubmitMs,
      idempotency: backend.idempotency,
      outbox: backend.queue,
      now,
      log,
      onQueued: () => undefined, // the queue's enqueue wakes its worker itself
      uploadSlots: createUploadSlots(settings.uploadConcurrency, options.uploadWaitMs ?? UPLOAD_WAIT_MS),
      ...(backend.createRateLimit ? { createRateLimit: backend.createRateLimit } : {}),
    }),
    health: () => backend.health(),
    async readiness() {
      const [health, stores, transport] = await Promise.all([backend.health(), backend.storeChecks(), mailTransport()])
      const problems = [
        ...stores.flatMap((store) => (store.ok || !store.problem ? [] : [store.problem])),
        ...(transport.ok ? [] : [`the mail transport does not answer: ${transport.error}`]),
      ]
      const checks = Object.fromEntries([...stores.map((store) => [store.name, store.ok] as const), ['mailTransport', transport.ok] as const])
      return { ...health, ready: problems.length === 0 && stores.every((store) => store.ok), checks, problems }
    },
    whenReady: async (timeoutMs) => (backend.whenReady ? backend.whenReady(timeoutMs) : true),
    start() {
      backend.queue.start()
      void prune()
      pruneTimer ??= setInterval(() => void prune(), DAY_MS / 24).unref()
    },
    async stop() {
      clearInterval(pruneTimer)
      pruneTimer = undefined
      await backend.queue.stop()
    },
    deliveryIdle: () => backend.queue.idle(),
    onDeliveryAttempt(listener) {
      attemptListeners.add(listener)
      return () => attemptListeners.delete(listener)
    },
  }
}
