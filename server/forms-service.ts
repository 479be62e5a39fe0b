import { join } from 'node:path'
import type Router from '@koa/router'
import { FORM_NAMES, type FormName } from '../site/generated/forms.ts'
import { cachedCheck } from './cached-check.ts'
import { FORMS_DEFAULTS, type FormsSettings } from './config.ts'
import type { DeliveryAttemptListener } from './delivery/delivery-outcome.ts'
import type { FormsBackend, FormsHealth, FormsReadiness } from './delivery/submission-queue.ts'
import { createDiskBackend } from './disk/disk-backend.ts'
import type { ReadFilesystem } from './disk/disk-space.ts'
import { FORM_DEFINITIONS } from './forms/form-definitions.ts'
import { formRoutes } from './forms/forms-middleware.ts'
import { createUploadSlots } from './forms/upload-slots.ts'
import type { Logger } from './log.ts'
import type { FormMailWording, FormsMail } from './mail/compose-mail.ts'
import { emlFileSender, senderFromTransport, smtpSender, type MailSender, type MailTransport } from './mail/mail-sender.ts'
import { createRedisFormsBackend } from './redis/redis-backend.ts'

/** The settings (server/config.ts; any left out take their default there) plus what only code can give. */
export type FormsServiceOptions = Partial<FormsSettings> &
  Pick<FormsSettings, 'outboxDir' | 'apiKey' | 'mailFrom' | 'mailTo'> & {
    /** A ready transport (tests); wins over smtpUrl. */
    transport?: MailTransport
    /** Time source for received-at stamps, ages and the retry schedule, of either queue. Default Date.now. */
    clock?: () => number
    /** How the outbox's free space is read; default Node's fs.statfs (a test gives a small disk). */
    statfs?: ReadFilesystem
    /** How long an upload waits for one of the UPLOAD_CONCURRENCY slots before its 503; default UPLOAD_WAIT_MS. */
    uploadWaitMs?: number
    log: Logger
  }

export interface FormsService {
  /** Adds POST /api/<form> for every form to the app's /api/ router (server/api-router.ts). */
  routes: (router: Router) => void
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
const VERIFY_TIMEOUT_MS = 3000
const MB = 1024 * 1024
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

/** What each form's mail says besides the visitor's words, from the annotations of its schema. */
const MAIL_WORDING = Object.fromEntries(
  Object.values(FORM_DEFINITIONS).map((form) => [
    form.name,
    { subjectPrefix: form.mailSubjectPrefix, subjectDetailField: form.subjectDetailField, labels: form.mailLabels, takesResume: form.acceptsMultipart },
  ]),
) as Record<FormName, FormMailWording>

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

/** The one place the queue is chosen: Redis when REDIS_URL is set, else the disk outbox. Both get the same clock and delivery policy. */
function chooseBackend(settings: Settings, sender: MailSender, mail: FormsMail, onAttempt: DeliveryAttemptListener): FormsBackend {
  const { retryBaseMs, retryMaxMs, maxAgeMs, now, log } = settings
  const policy = { retryBaseMs, retryMaxMs, maxAgeMs }
  if (settings.redisUrl)
    return createRedisFormsBackend({ ...policy, redisUrl: settings.redisUrl, sender, mail, now, lockMs: settings.redisLockMs, recordKeepMs: RECORD_RETENTION_MS, log, onAttempt })
  return createDiskBackend({
    ...policy,
    outboxDir: settings.outboxDir,
    reserveBytes: settings.outboxReserveMb * MB,
    statfs: settings.statfs,
    concurrency: settings.deliveryConcurrency,
    sender,
    mail,
    writesEml: !settings.transport && !settings.smtpUrl,
    recordKeepMs: RECORD_RETENTION_MS,
    retentionMs: settings.retentionMs,
    now,
    log,
    onAttempt,
  })
}

/**
 * The composition root of the forms: settings → mail sender → queue (disk outbox or Redis) → the
 * forms' routes, and the probes' and metrics' view of them.
 */
export function createFormsService(options: FormsServiceOptions): FormsService & { deliveryIdle(): Promise<void> } {
  const settings = settle(options)
  const { log, now } = settings
  const mail: FormsMail = { from: options.mailFrom, to: recipientsPerForm(options), wording: MAIL_WORDING }
  const sender = senderFor(options, settings.retentionMs > 0)
  const attemptListeners = new Set<DeliveryAttemptListener>()
  const onAttempt: DeliveryAttemptListener = (form, outcome) => attemptListeners.forEach((listener) => listener(form, outcome))
  const backend = chooseBackend(settings, sender, mail, onAttempt)
  const mailTransport = cachedCheck(READINESS_CACHE_MS, () => sender.verify(), VERIFY_TIMEOUT_MS)

  let pruneTimer: NodeJS.Timeout | undefined
  const prune = () => backend.prune().catch((error: unknown) => log.error({ err: error }, 'pruning old outbox records failed'))

  return {
    routes: formRoutes({
      apiKey: options.apiKey,
      rateLimitPerMinute: settings.rateLimitPerMinute,
      minSubmitMs: settings.minSubmitMs,
      idempotency: backend.idempotency,
      outbox: backend.queue,
      rateLimitStore: backend.rateLimitStore,
      now,
      log,
      uploadSlots: createUploadSlots(settings.uploadConcurrency, options.uploadWaitMs ?? UPLOAD_WAIT_MS),
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
