import { randomBytes, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type Router from '@koa/router'
import { cachedCheck } from '../../ground/cached-check.ts'
import { ConfigurationError, formVariable, FORMS_DEFAULTS, recipientsVariable, type FormsSettings } from '../settings/config.ts'
import { createDeliverer } from '../delivery/deliverer.ts'
import { createMemoryClaimStore } from '../queue/claim-store.ts'
import type { Deliverer, DeliveryAttemptListener } from '../queue/delivery-attempts.ts'
import type { FormsBackend, FormsHealth, FormsReadiness } from '../queue/submission-queue.ts'
import { deliveryIdOf } from '../queue/outbox-message.ts'
import { createDiskBackend } from '../disk/disk-backend.ts'
import type { ReadFilesystem } from '../disk/disk-space.ts'
import { formDefinitionsOf, languageFormDefinitionsOf, type FormDefinition, type LanguageForms, type SiteForms } from '../forms/form-definitions.ts'
import type { FormWords } from '../../site/form-words.ts'
import { formRoutes } from '../forms/forms-middleware.ts'
import { createProofOfWork, type ProofOfWorkDifficulty } from '../forms/proof-of-work.ts'
import { createUploadSlots } from '../forms/upload-slots.ts'
import type { Logger } from '../../ground/log.ts'
import type { FormsMail } from '../mail/compose-mail.ts'
import { emlFileSender, senderFromTransport, smtpSender, type MailSender, type MailTransport } from '../mail/mail-sender.ts'
import { createRedisFormsBackend } from '../redis/redis-backend.ts'
import type { WebhookTarget } from '../webhook/post-webhook.ts'

/** The settings (declared in server/settings/settings-table.ts; any left out take their default there) plus what only code can give. */
export type FormsServiceOptions = Partial<FormsSettings> &
  Pick<FormsSettings, 'outboxDir' | 'apiKey' | 'mailFrom' | 'mailTo'> & {
    /** The work an ALTCHA challenge asks of a browser; default about a second (tests ask for almost none). */
    proofOfWorkDifficulty?: ProofOfWorkDifficulty
    /** REDIS_URL: submissions become BullMQ jobs that every instance shares (server/redis/). Unset: the disk outbox. */
    redisUrl?: string | undefined
    /** The config's forms section: the forms this site declares, each one POST /api/<name>. */
    forms: SiteForms
    /** The site's language and form and mail texts (the build's .site-form-words.json); default: the schema's English. */
    words?: FormWords | undefined
    /** A site of several languages: each other language's forms and words (the build's .site-languages.json), which a visitor on its pages is answered and confirmed in. */
    languages?: ReadonlyMap<string, LanguageForms> | undefined
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
  /** The site's forms as the server reads them (path, payload schema, mail), for the API's 404, the OpenAPI description and the metrics' labels. */
  definitions: ReadonlyMap<string, FormDefinition>
  /** Adds POST /api/<form> for every form to the app's /api/ router (server/compose/api-router.ts). */
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
  /** Queues the editor's mail to its team (a draft to review, one sent back) in the outbox, delivered and retried as the forms' mail from MAIL_FROM. */
  sendTeamMail(mail: { to: string[]; subject: string; text: string }): Promise<void>
}

/** The name the editor's team mail is queued and counted under, beside the forms' names (a message's `form`). */
const TEAM_MAIL_FORM = 'editor-team'

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

/** A <SETTING>_<NAME> that names no declared form is a typo that would send that form's mail (or webhook) by the general setting: refused. */
function unknownFormVariables(setting: string, byForm: Record<string, unknown> | undefined, definitions: ReadonlyMap<string, FormDefinition>, problems: string[]): void {
  const declared = new Set([...definitions.keys()].map((name) => formVariable(setting, name)))
  for (const form of Object.keys(byForm ?? {}))
    if (!declared.has(formVariable(setting, form)))
      problems.push(
        `${formVariable(setting, form)} names no form of this site; its forms are ${[...definitions.keys()].join(', ') || 'none'} (${setting}_<NAME>, hyphens as underscores).`,
      )
}

/** Each form's recipients: its MAIL_TO_<NAME>, else MAIL_TO; a form nobody receives is refused. */
function recipientsPerForm(options: FormsServiceOptions, definitions: ReadonlyMap<string, FormDefinition>, problems: string[]): Map<string, string[]> {
  unknownFormVariables('MAIL_TO', options.mailToByForm, definitions, problems)
  const perForm = new Map([...definitions.keys()].map((name) => [name, options.mailToByForm?.[name]?.length ? options.mailToByForm[name] : options.mailTo]))
  const without = [...perForm].filter(([, recipients]) => recipients.length === 0).map(([name]) => name)
  if (without.length > 0)
    problems.push(`MAIL_TO is not set, but SMTP_URL is: set MAIL_TO to the mailboxes that receive the forms (or ${without.map(recipientsVariable).join(', ')}).`)
  return perForm
}

/** Each webhook form's URL and signing key: its own WEBHOOK_URL_<NAME> / WEBHOOK_SECRET_<NAME>, else the general ones; a form without either cannot start. */
function webhooksPerForm(options: FormsServiceOptions, definitions: ReadonlyMap<string, FormDefinition>, problems: string[], log: Logger): Map<string, WebhookTarget> {
  unknownFormVariables('WEBHOOK_URL', options.webhookUrlByForm, definitions, problems)
  unknownFormVariables('WEBHOOK_SECRET', options.webhookSecretByForm, definitions, problems)
  const targets = new Map<string, WebhookTarget>()
  for (const form of definitions.values()) {
    const url = options.webhookUrlByForm?.[form.name] ?? options.webhookUrl
    const secret = options.webhookSecretByForm?.[form.name] ?? options.webhookSecret
    if (!form.webhook) {
      if (options.webhookUrlByForm?.[form.name])
        log.warn(`${formVariable('WEBHOOK_URL', form.name)} is set, but the ${form.name} form has no webhook on in the config: nothing is posted there`)
      continue
    }
    if (!url) problems.push(`The ${form.name} form has webhook on: set ${formVariable('WEBHOOK_URL', form.name)} or WEBHOOK_URL to the address that receives it.`)
    if (!secret)
      problems.push(`The ${form.name} form has webhook on: set ${formVariable('WEBHOOK_SECRET', form.name)} or WEBHOOK_SECRET to the key its receiver checks the signature with.`)
    if (url && secret) targets.set(form.name, { url, secret })
  }
  return targets
}

/** The key that signs ALTCHA challenges: ALTCHA_HMAC_KEY, or, on one instance only, one made now. Undefined when no form asks for a proof of work. */
function proofOfWorkKey(options: FormsServiceOptions, definitions: ReadonlyMap<string, FormDefinition>, problems: string[], log: Logger): string | undefined {
  const forms = [...definitions.values()].filter((form) => form.altcha).map((form) => form.name)
  if (forms.length === 0) return undefined
  if (options.altchaHmacKey) return options.altchaHmacKey
  if (options.redisUrl) {
    problems.push(
      `ALTCHA_HMAC_KEY is not set, but REDIS_URL is and the ${forms.join(', ')} form asks for a proof of work: every instance must sign with one key; set it, e.g. to the output of \`openssl rand -hex 32\`.`,
    )
    return undefined
  }
  log.warn('ALTCHA_HMAC_KEY not set: proof-of-work challenges are signed with a key made at start-up, so those handed out before a restart are refused after it')
  return randomBytes(32).toString('hex')
}

/** What each form's mail says besides the visitor's words, from its declaration. */
const mailWordingOf = (definitions: ReadonlyMap<string, FormDefinition>) =>
  new Map([...definitions].map(([name, form]) => [name, { ...form.mail, ...(form.file ? { file: { name: form.file.name, label: form.file.label } } : {}) }]))

/** The options with every default filled in (server/settings/settings-table.ts declares the defaults). */
const settle = (options: FormsServiceOptions) => ({
  ...FORMS_DEFAULTS,
  ...options,
  retentionMs: (options.retentionDays ?? FORMS_DEFAULTS.retentionDays) * DAY_MS,
  now: options.clock ?? Date.now,
})
type Settings = ReturnType<typeof settle>

/** The one place the mail sender is chosen: a test's transport, SMTP_URL, else .eml files under OUTBOX_DIR kept RETENTION_DAYS. */
function senderFor(settings: Settings): MailSender {
  if (settings.transport) return senderFromTransport(settings.transport)
  if (settings.smtpUrl) return smtpSender(settings.smtpUrl)
  return emlFileSender({ dir: join(settings.outboxDir, 'sent-eml'), retentionMs: settings.retentionMs, now: settings.now }, settings.log)
}

/** The one place the queue is chosen: Redis when REDIS_URL is set, else the disk outbox. Both get the same clock and delivery policy. */
function chooseBackend(settings: Settings, deliverer: Deliverer, onAttempt: DeliveryAttemptListener): FormsBackend {
  const { retryBaseMs, retryMaxMs, maxAgeMs, now, log } = settings
  const policy = { retryBaseMs, retryMaxMs, maxAgeMs }
  if (settings.redisUrl)
    return createRedisFormsBackend({
      ...policy,
      redisUrl: settings.redisUrl,
      outboxDir: settings.outboxDir,
      deliverer,
      now,
      lockMs: settings.redisLockMs,
      recordKeepMs: RECORD_RETENTION_MS,
      log,
      onAttempt,
    })
  return createDiskBackend({
    ...policy,
    outboxDir: settings.outboxDir,
    reserveBytes: settings.outboxReserveMb * MB,
    statfs: settings.statfs,
    concurrency: settings.deliveryConcurrency,
    deliverer,
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
  const definitions = formDefinitionsOf(options.forms, options.words)
  const inLanguages = languageFormDefinitionsOf(options.languages ?? new Map())
  const problems: string[] = []
  const mail: FormsMail = { from: options.mailFrom, to: recipientsPerForm(options, definitions, problems), wording: mailWordingOf(definitions) }
  const webhooks = webhooksPerForm(options, definitions, problems, log)
  const hmacKey = proofOfWorkKey(options, definitions, problems, log)
  if (problems.length > 0) throw new ConfigurationError(problems)
  const confirmationsOf = (forms: ReadonlyMap<string, FormDefinition>) =>
    new Map([...forms].flatMap(([name, form]) => (form.confirmation ? [[name, form.confirmation] as const] : [])))
  const confirmations = confirmationsOf(definitions)
  const confirmationsIn = new Map([...inLanguages].map(([language, forms]) => [language, confirmationsOf(forms)]))
  const sender = senderFor(settings)
  const attemptListeners = new Set<DeliveryAttemptListener>()
  const onAttempt: DeliveryAttemptListener = (form, outcome) => attemptListeners.forEach((listener) => listener(form, outcome))
  const backend = chooseBackend(settings, createDeliverer({ sender, mail, confirmations, confirmationsIn, webhooks }), onAttempt)
  const claims = backend.claims ?? createMemoryClaimStore(now)
  const mailTransport = cachedCheck(READINESS_CACHE_MS, () => sender.verify(), VERIFY_TIMEOUT_MS)

  let pruneTimer: NodeJS.Timeout | undefined
  const prune = async () => {
    try {
      await backend.prune()
      await sender.prune()
    } catch (error) {
      log.error({ err: error }, 'pruning old outbox records failed')
    }
  }

  return {
    definitions,
    routes: formRoutes({
      forms: definitions,
      formsIn: inLanguages,
      apiKey: options.apiKey,
      rateLimitPerMinute: settings.rateLimitPerMinute,
      minSubmitMs: settings.minSubmitMs,
      idempotency: backend.idempotency,
      outbox: backend.queue,
      rateLimitStore: backend.rateLimitStore,
      now,
      log,
      uploadSlots: createUploadSlots(settings.uploadConcurrency, options.uploadWaitMs ?? UPLOAD_WAIT_MS),
      stageUpload: backend.stageUpload,
      claims,
      proofOfWork:
        hmacKey === undefined ? undefined : createProofOfWork({ hmacKey, claims, now, ...(options.proofOfWorkDifficulty ? { difficulty: options.proofOfWorkDifficulty } : {}) }),
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
    async sendTeamMail({ to, subject, text }) {
      const id = randomUUID()
      await backend.queue.enqueue({
        version: 1,
        id: deliveryIdOf(id, 'team-mail'),
        form: TEAM_MAIL_FORM,
        receivedAt: new Date(now()).toISOString(),
        fields: { to: to.join(', '), subject, text },
        action: 'team-mail',
      })
    },
    onDeliveryAttempt(listener) {
      attemptListeners.add(listener)
      return () => attemptListeners.delete(listener)
    },
  }
}
