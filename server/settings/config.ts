import { resolve } from 'node:path'
import { folder, mailbox, mailboxes, oneOf, onOff, SettingProblem, text, urlOf, wholeNumber, type ReadValue } from './setting-values.ts'

/**
 * Every setting of the server, declared once: its environment variable, default, meaning and how
 * its text is read. The README's table and .env.example are generated from this list
 * (`npm run docs:settings`, checked fresh in `npm test`); the server reads the environment here
 * only, checks every setting at start and passes the values down.
 */
export interface SettingDeclaration<T> {
  name: string
  /** The default as the README writes it. */
  shown: string
  /** What it does, in a person's words (the README's table and .env.example's comment). */
  meaning: string
  /** The value when the variable is unset or empty. */
  fallback: T
  read: ReadValue<T>
  /** A password may be inside: a mistake is reported without the value. */
  secret?: boolean
  /** The line .env.example suggests; default the plain default, or nothing when it has none. */
  example?: string
}

/** A token shorter than this can be guessed by trying; `openssl rand -hex 32` makes a good one. */
const MIN_TOKEN_LENGTH = 16
/** The characters a bearer token may hold in an Authorization header (RFC 6750's token68). */
const TOKEN_CHARACTERS = /^[\w.~+/-]+=*$/
const bearerToken: ReadValue<string> = (raw) => {
  if (raw.length < MIN_TOKEN_LENGTH) throw new SettingProblem(`use at least ${MIN_TOKEN_LENGTH} characters, e.g. the output of \`openssl rand -hex 32\``)
  if (!TOKEN_CHARACTERS.test(raw)) throw new SettingProblem('use letters, digits and - . _ ~ + / only, e.g. the output of `openssl rand -hex 32`')
  return raw
}

/** A signing key: long enough not to be guessed. */
const secretKey: ReadValue<string> = (raw) => {
  if (raw.length < MIN_TOKEN_LENGTH) throw new SettingProblem(`use at least ${MIN_TOKEN_LENGTH} characters, e.g. the output of \`openssl rand -hex 32\``)
  return raw
}

const setting = <T>(declaration: SettingDeclaration<T>) => declaration
const optional = <T>(declaration: Omit<SettingDeclaration<T | undefined>, 'fallback'>) => setting<T | undefined>({ ...declaration, fallback: undefined })

const DAY_MS = 24 * 60 * 60_000
const DEV_API_KEY = 'dev-key'
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

export const SETTINGS = {
  port: setting({ name: 'PORT', shown: '3000', meaning: 'port the server listens on', fallback: 3000, read: wholeNumber({ max: 65535 }) }),
  host: optional({
    name: 'HOST',
    shown: 'every interface (`npm start`); `127.0.0.1` (`npm run dev`)',
    meaning: 'address the server listens on; the dev server (and its visual editor) stays on this machine unless set',
    read: text,
  }),
  apiKey: setting({
    name: 'API_KEY',
    shown: DEV_API_KEY,
    meaning: 'shared key the browser sends as `x-api-key`; must equal `site.apiKey` in the config',
    fallback: DEV_API_KEY,
    read: text,
  }),
  smtpUrl: optional({
    name: 'SMTP_URL',
    shown: 'unset',
    meaning: 'SMTP server for form mail (`smtp://` or `smtps://user:pass@host:port`); unset = each mail written as an `.eml` file under `<OUTBOX_DIR>/sent-eml/`, its path logged',
    read: urlOf(['smtp:', 'smtps:'], 'smtps://user:password@mail.example.com:465'),
    secret: true,
  }),
  mailTo: setting({
    name: 'MAIL_TO',
    shown: '`forms@example.com` without SMTP; required with `SMTP_URL`',
    meaning: 'recipients of form mail (comma-separated); per form `MAIL_TO_<FORM>`, e.g. `MAIL_TO_CONTACT`',
    fallback: [] as string[],
    read: mailboxes,
    example: 'sales@example.com',
  }),
  mailFrom: setting({
    name: 'MAIL_FROM',
    shown: 'Website forms <forms@example.com>',
    meaning: 'sender of form mail',
    fallback: 'Website forms <forms@example.com>',
    read: mailbox,
    example: '"Website forms <forms@example.com>"',
  }),
  outboxDir: setting({
    name: 'OUTBOX_DIR',
    shown: './outbox',
    meaning: 'durable outbox of accepted submissions (pending, sent records, dead letters); created if missing',
    fallback: './outbox',
    read: text,
  }),
  // 64 MB: the bookkeeping of a long mail outage (one small file per waiting mail, a filesystem
  // block each: 10 000 waiting mails take 40 MB) plus a few .eml copies of the largest submission
  // (about 10 MB with its résumé) when no SMTP_URL is set; small beside any server's disk.
  outboxReserveMb: setting({
    name: 'OUTBOX_RESERVE_MB',
    shown: '64',
    meaning:
      "free space (MB) kept on the outbox folder's disk for delivering what was accepted: a submission that would leave less is refused with 503 (`outbox_full`), and `/ready` fails",
    fallback: 64,
    read: wholeNumber(),
  }),
  rateLimitPerMinute: setting({
    name: 'RATE_LIMIT_PER_MINUTE',
    shown: '10',
    meaning: 'submissions per visitor address and form per minute',
    fallback: 10,
    read: wholeNumber({ min: 1 }),
  }),
  minSubmitMs: setting({
    name: 'MIN_SUBMIT_MS',
    shown: '3000',
    meaning: 'forms filled faster than this (ms) are treated as bots: answered, logged, not sent',
    fallback: 3000,
    read: wholeNumber(),
  }),
  retryBaseMs: setting({
    name: 'MAIL_RETRY_BASE_MS',
    shown: '5000',
    meaning: 'first delay (ms) of the doubling retry after a transient mail failure',
    fallback: 5000,
    read: wholeNumber({ min: 1 }),
  }),
  retryMaxMs: setting({
    name: 'MAIL_RETRY_MAX_MS',
    shown: '900000',
    meaning: 'longest delay (ms) between two attempts of a mail (15 minutes)',
    fallback: 15 * 60_000,
    read: wholeNumber({ min: 1 }),
  }),
  maxAgeMs: setting({
    name: 'MAIL_MAX_AGE_MS',
    shown: '432000000',
    meaning: 'how long (ms; 5 days, as Postfix keeps a queue) after it arrived a mail may still be attempted: one whose next retry would come later becomes a dead letter',
    fallback: 5 * DAY_MS,
    read: wholeNumber({ min: 1 }),
  }),
  deliveryConcurrency: setting({
    name: 'MAIL_CONCURRENCY',
    shown: '8',
    meaning: 'mails sent at once over the pooled SMTP connections',
    fallback: 8,
    read: wholeNumber({ min: 1, max: 100 }),
  }),
  uploadConcurrency: setting({
    name: 'UPLOAD_CONCURRENCY',
    shown: '64',
    meaning:
      "career uploads read at once, each written to a file under `OUTBOX_DIR` as it arrives (a few chunks in memory, room for a whole résumé claimed on the outbox's disk first); one more waits up to 5 s for a turn, then is answered 503 with `Retry-After` and its body unread",
    fallback: 64,
    read: wholeNumber({ min: 1, max: 1000 }),
  }),
  retentionDays: setting({
    name: 'RETENTION_DAYS',
    shown: '30',
    meaning: 'days `.eml` files of delivered mail and dead letters are kept; `0` deletes at delivery',
    fallback: 30,
    read: wholeNumber(),
  }),
  webhookUrl: optional({
    name: 'WEBHOOK_URL',
    shown: 'unset',
    meaning:
      'where the forms with `webhook` on post each accepted submission (signed JSON; docs/deploy.md, "Webhooks"); per form `WEBHOOK_URL_<FORM>`, e.g. `WEBHOOK_URL_CONTACT`. Required when a form has `webhook` on',
    read: urlOf(['https:', 'http:'], 'https://crm.example.com/hooks/forms'),
    // A receiver's URL often carries its own token.
    secret: true,
  }),
  webhookSecret: optional({
    name: 'WEBHOOK_SECRET',
    shown: 'unset',
    meaning: 'the key that signs each webhook (the `X-Signature` header), shared with its receiver; per form `WEBHOOK_SECRET_<FORM>`. Required when a form has `webhook` on',
    read: secretKey,
    secret: true,
  }),
  altchaHmacKey: optional({
    name: 'ALTCHA_HMAC_KEY',
    shown: 'a key made at each start (one instance only)',
    meaning:
      'signs the proof-of-work challenges of the forms with `altcha` on; unset = a random key made at start-up, so challenges do not survive a restart and, with `REDIS_URL`, the server refuses to start (every instance must share one)',
    read: secretKey,
    secret: true,
  }),
  redisUrl: optional({
    name: 'REDIS_URL',
    shown: 'unset',
    meaning:
      '`redis://…`: the queue, idempotency keys and rate limit on Redis (BullMQ), so any number of instances share them; unset = the disk outbox of one process (docs/deploy.md)',
    read: urlOf(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    secret: true,
  }),
  redisLockMs: setting({
    name: 'REDIS_LOCK_MS',
    shown: '30000',
    meaning: 'with Redis: a mail held by an instance that died goes to another after about this long (ms)',
    fallback: 30_000,
    read: wholeNumber({ min: 1000 }),
  }),
  trustProxy: setting({
    name: 'TRUST_PROXY',
    shown: '0',
    meaning:
      "how many reverse proxies stand in front of the server (`1` behind the generated nginx): the visitor's address is the one the outermost of them saw, so a client's own `X-Forwarded-For` cannot choose its rate-limit key",
    fallback: 0,
    read: wholeNumber({ max: 10 }),
  }),
  hsts: setting({
    name: 'HSTS',
    shown: '0',
    meaning: '`1` sends Strict-Transport-Security: only where the site is served over HTTPS',
    fallback: false,
    read: onOff,
  }),
  metricsToken: optional({
    name: 'METRICS_TOKEN',
    shown: 'unset',
    meaning:
      '`GET /metrics` (Prometheus) answers a scraper that sends `Authorization: Bearer <token>`; unset = only a scraper on this machine (loopback, not through a proxy) gets the figures, anyone else a 404',
    read: bearerToken,
    secret: true,
  }),
  editor: setting({
    name: 'EDITOR',
    shown: 'off',
    meaning:
      '`on` serves the visual editor at `/_editor` behind its sign-in (accounts: `npm run editor:user`; docs/deploy.md, "Editor accounts"): signed-in editors publish new versions of the site from the browser; `off` answers `/_editor` with 404',
    fallback: 'off',
    // Shells set EDITOR to the text editor (vi, nano): such a value leaves the visual editor off, with a notice, rather than stopping the server.
    read: text,
  }),
  editorAccountsFile: setting({
    name: 'EDITOR_ACCOUNTS_FILE',
    shown: './editor-accounts.json',
    meaning: "the editor's accounts (names and scrypt hashes), kept by `npm run editor:user`; mode 600, outside `dist/` and `public/`",
    fallback: './editor-accounts.json',
    read: text,
  }),
  editorIdleMs: setting({
    name: 'EDITOR_SESSION_IDLE_MS',
    shown: '1800000',
    meaning: 'an editor session unused this long (ms; 30 minutes) has ended: sign in again',
    fallback: 30 * 60_000,
    read: wholeNumber({ min: 60_000 }),
  }),
  editorMaxMs: setting({
    name: 'EDITOR_SESSION_MAX_MS',
    shown: '43200000',
    meaning: 'an editor session this old (ms; 12 hours) has ended however busy it was',
    fallback: 12 * 60 * 60_000,
    read: wholeNumber({ min: 60_000 }),
  }),
  contentDir: setting({
    name: 'CONTENT_DIR',
    shown: './published',
    meaning:
      'with `EDITOR=on`: where this instance builds the published versions it serves, and (without `REDIS_URL`, which keeps them in Redis) where the versions of the config, the pictures uploaded in the editor (`npm run site:versions`) and the counts of failed sign-ins (`sign-in-failures.json`) are kept; outside `dist/`, kept across deployments; created if missing',
    fallback: './published',
    read: text,
  }),
  versionsKept: setting({
    name: 'EDITOR_VERSIONS_KEPT',
    shown: '50',
    meaning: 'how many published versions are kept (in `CONTENT_DIR` or Redis) to roll back to; the current one is always kept',
    fallback: 50,
    read: wholeNumber({ min: 1, max: 10_000 }),
  }),
  builtKept: setting({
    name: 'EDITOR_BUILT_KEPT',
    shown: '5',
    meaning:
      "how many published versions each instance keeps built in `CONTENT_DIR/instance/built` besides the one it serves and the one served just before (each a whole site's pages): a rollback to one of them is served at once, to an older one it is built again first",
    fallback: 5,
    read: wholeNumber({ min: 0, max: 1000 }),
  }),
  logLevel: setting({
    name: 'LOG_LEVEL',
    shown: 'info',
    meaning: `JSON log level: ${LOG_LEVELS.map((level) => `\`${level}\``).join(', ')}`,
    fallback: 'info',
    read: oneOf(LOG_LEVELS),
  }),
  distDir: setting({ name: 'DIST_DIR', shown: './dist', meaning: 'the built site the server serves', fallback: './dist', read: text }),
  headersMs: setting({
    name: 'HEADERS_TIMEOUT_MS',
    shown: '20000',
    meaning: 'how long (ms) a client may take to send its request headers',
    fallback: 20_000,
    read: wholeNumber({ min: 1 }),
  }),
  requestMs: setting({
    name: 'REQUEST_TIMEOUT_MS',
    shown: '60000',
    meaning: 'how long (ms) a client may take to send a whole request (a 5 MB résumé on a slow line included)',
    fallback: 60_000,
    read: wholeNumber({ min: 1 }),
  }),
  keepAliveMs: setting({
    name: 'KEEP_ALIVE_TIMEOUT_MS',
    shown: '5000',
    meaning: 'how long (ms) an idle keep-alive connection stays open',
    fallback: 5000,
    read: wholeNumber({ min: 1 }),
  }),
} satisfies Record<string, SettingDeclaration<unknown>>

type Settings = typeof SETTINGS
type SettingValues = { [K in keyof Settings]: Settings[K]['fallback'] | ReturnType<Settings[K]['read']> }

/** Time limits for a connection, so a slow client cannot hold one (server/http/http-server.ts). */
export interface ServerTimeouts {
  headersMs: number
  requestMs: number
  keepAliveMs: number
}

export const TIMEOUTS: ServerTimeouts = { headersMs: SETTINGS.headersMs.fallback, requestMs: SETTINGS.requestMs.fallback, keepAliveMs: SETTINGS.keepAliveMs.fallback }

/** A setting of one form: `<SETTING>_<NAME>`, its name in capitals with hyphens as underscores (book-appointment: MAIL_TO_BOOK_APPOINTMENT). */
export const formVariable = (setting: string, form: string) => `${setting}_${form.toUpperCase().replaceAll('-', '_')}`

/** A form's own recipients: MAIL_TO_<NAME>. */
export const recipientsVariable = (form: string) => formVariable('MAIL_TO', form)

/** The settings a form may have its own value of, by the name of the setting in SETTINGS. */
const PER_FORM_SETTINGS = ['mailTo', 'webhookUrl', 'webhookSecret'] as const

export interface FormsSettings {
  /** Where accepted submissions wait for delivery; created if missing. */
  outboxDir: string
  /** Free space (MB) on the outbox's filesystem that submissions may not use: delivery's room. */
  outboxReserveMb: number
  /** The value the browser sends in x-api-key: public by nature (it ships to every browser), a gate against casual scripts. */
  apiKey: string
  mailFrom: string
  /** Recipients for every form without its own list. */
  mailTo: string[]
  /** Each MAIL_TO_<NAME> set, by the form name it stands for; the forms service refuses one that names no declared form. */
  mailToByForm: Record<string, string[]>
  /** Where the forms with `webhook` on post, unless a form has its own (WEBHOOK_URL_<NAME>). */
  webhookUrl?: string
  webhookUrlByForm: Record<string, string>
  /** The key that signs the webhooks, unless a form has its own (WEBHOOK_SECRET_<NAME>). */
  webhookSecret?: string
  webhookSecretByForm: Record<string, string>
  /** Signs the ALTCHA challenges; unset: a key made at start-up (one instance only). */
  altchaHmacKey?: string
  /** smtp:// or smtps:// URL; unset: each mail is written as an .eml file under <outboxDir>/sent-eml. */
  smtpUrl?: string
  /** Per client address and form. */
  rateLimitPerMinute: number
  /** A submission whose fillTimeMs is below this is treated as a bot. */
  minSubmitMs: number
  /** First retry delay after a transient failure, doubling per attempt. */
  retryBaseMs: number
  /** Longest retry delay. */
  retryMaxMs: number
  /** Undelivered this long after arrival: a dead letter. */
  maxAgeMs: number
  /** Days anything of a delivered submission (an .eml file) or a dead letter is kept; 0 = delete at delivery. */
  retentionDays: number
  /** Messages sent at once. */
  deliveryConcurrency: number
  /** Multipart uploads read at once; more wait briefly, then get 503. */
  uploadConcurrency: number
  /** redis://… : submissions become BullMQ jobs that every instance shares (server/redis/). Unset: the disk outbox. */
  redisUrl?: string
  /** Redis queue: a job held by an instance that died goes to another one after this long. */
  redisLockMs: number
}

/** The visual editor behind its sign-in (server/editor-access/). */
export interface EditorSettings {
  /** EDITOR=on: /_editor is served; off, it is any unknown address (404). */
  enabled: boolean
  accountsFile: string
  idleMs: number
  maxMs: number
  /** The published versions and uploaded pictures without Redis (publish/folder-version-store.ts). */
  contentDir: string
  /** Versions kept to roll back to. */
  versionsKept: number
  /** Versions kept built, besides the served ones. */
  builtKept: number
}

export interface ServerConfig {
  port: number
  /** Address to listen on; unset listens on every interface, as Node does. */
  host?: string
  distDir: string
  /** Strict-Transport-Security on every answer: only behind HTTPS. */
  hsts: boolean
  /** Proxies in front of the server whose X-Forwarded-For entries are believed (0: none). */
  trustProxy: number
  /** A scraper sending this as its bearer token may read /metrics from anywhere. */
  metricsToken?: string
  logLevel: string
  timeouts: ServerTimeouts
  forms: FormsSettings
  editor: EditorSettings
  /** Things worth saying at start-up (development defaults in use). */
  notices: string[]
}

/** The defaults the forms service falls back on when a caller (a test) leaves a setting out. */
export const FORMS_DEFAULTS = {
  apiKey: SETTINGS.apiKey.fallback,
  mailFrom: SETTINGS.mailFrom.fallback,
  outboxDir: SETTINGS.outboxDir.fallback,
  outboxReserveMb: SETTINGS.outboxReserveMb.fallback,
  rateLimitPerMinute: SETTINGS.rateLimitPerMinute.fallback,
  minSubmitMs: SETTINGS.minSubmitMs.fallback,
  retryBaseMs: SETTINGS.retryBaseMs.fallback,
  retryMaxMs: SETTINGS.retryMaxMs.fallback,
  maxAgeMs: SETTINGS.maxAgeMs.fallback,
  retentionDays: SETTINGS.retentionDays.fallback,
  deliveryConcurrency: SETTINGS.deliveryConcurrency.fallback,
  uploadConcurrency: SETTINGS.uploadConcurrency.fallback,
  redisLockMs: SETTINGS.redisLockMs.fallback,
} as const
/** Where form mail goes when nothing sends it anywhere real (no SMTP_URL): .eml files only. */
const PLACEHOLDER_RECIPIENT = 'forms@example.com'

/** Every mistake in the environment at once, each a line that names the variable and what to set. */
export class ConfigurationError extends Error {
  readonly problems: string[]

  constructor(problems: string[]) {
    super(problems.join('\n'))
    this.problems = problems
  }
}

function readDeclared(env: NodeJS.ProcessEnv, declaration: SettingDeclaration<unknown>, problems: string[]): unknown {
  const raw = env[declaration.name]?.trim()
  if (!raw) return declaration.fallback
  try {
    return declaration.read(raw)
  } catch (error) {
    if (!(error instanceof SettingProblem)) throw error
    problems.push(`${declaration.secret ? `${declaration.name} (value not shown)` : `${declaration.name}="${raw}"`}: ${error.message}.`)
    return declaration.fallback
  }
}

/** Reads and checks every setting; throws a ConfigurationError listing all the problems found. */
export function readServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const problems: string[] = []
  const notices: string[] = []
  const values = Object.fromEntries(Object.entries(SETTINGS).map(([key, declaration]) => [key, readDeclared(env, declaration, problems)])) as SettingValues
  // The forms are the site's (its config), not the server's: every MAIL_TO_<NAME> (WEBHOOK_URL_<NAME>, …) set is read, and the forms service matches them to the declared forms.
  const byForm = Object.fromEntries(
    PER_FORM_SETTINGS.map((key) => {
      const prefix = `${SETTINGS[key].name}_`
      const variables = Object.keys(env).filter((name) => name.startsWith(prefix) && /^[A-Z0-9_]+$/.test(name.slice(prefix.length)) && env[name]?.trim())
      // WEBHOOK_URL_… is not a form's MAIL_TO…: a prefix is only a form's when what follows is the name.
      const values = variables.map((name) => [
        name.slice(prefix.length).toLowerCase().replaceAll('_', '-'),
        readDeclared(env, { ...SETTINGS[key], name, fallback: undefined }, problems),
      ])
      return [key, Object.fromEntries(values.filter(([, value]) => value !== undefined))]
    }),
  ) as { mailTo: Record<string, string[]>; webhookUrl: Record<string, string>; webhookSecret: Record<string, string> }

  // Without SMTP the mail is only written as .eml files, so a placeholder recipient loses nothing. With
  // SMTP, real mail to a made-up mailbox would be lost quietly: the forms service refuses to start for
  // any form left without recipients.
  const mailTo = values.mailTo.length === 0 && !values.smtpUrl ? [PLACEHOLDER_RECIPIENT] : values.mailTo
  if (values.retryBaseMs > values.retryMaxMs)
    problems.push(`MAIL_RETRY_BASE_MS (${values.retryBaseMs}) is longer than MAIL_RETRY_MAX_MS (${values.retryMaxMs}): set the first delay below the longest.`)
  if (values.editorIdleMs > values.editorMaxMs)
    problems.push(`EDITOR_SESSION_IDLE_MS (${values.editorIdleMs}) is longer than EDITOR_SESSION_MAX_MS (${values.editorMaxMs}): set the idle time below the longest session.`)
  if (problems.length > 0) throw new ConfigurationError(problems)

  const editorSwitch = values.editor.toLowerCase()
  if (!['on', 'off', '1', '0'].includes(editorSwitch))
    notices.push(`EDITOR="${values.editor}" is not on or off (a shell's text editor?): the visual editor stays off; set EDITOR=on to serve it`)
  if (values.apiKey === DEV_API_KEY) notices.push(`API_KEY not set: using the development key "${DEV_API_KEY}"`)
  if (!values.smtpUrl) notices.push('SMTP_URL not set: mail is written as .eml files instead of being sent')
  return {
    port: values.port,
    ...(values.host ? { host: values.host } : {}),
    distDir: folder(values.distDir),
    hsts: values.hsts,
    trustProxy: values.trustProxy,
    ...(values.metricsToken ? { metricsToken: values.metricsToken } : {}),
    logLevel: values.logLevel,
    timeouts: { headersMs: values.headersMs, requestMs: values.requestMs, keepAliveMs: values.keepAliveMs },
    editor: {
      enabled: editorSwitch === 'on' || editorSwitch === '1',
      accountsFile: resolve(values.editorAccountsFile),
      idleMs: values.editorIdleMs,
      maxMs: values.editorMaxMs,
      contentDir: folder(values.contentDir),
      versionsKept: values.versionsKept,
      builtKept: values.builtKept,
    },
    forms: {
      outboxDir: folder(values.outboxDir),
      outboxReserveMb: values.outboxReserveMb,
      apiKey: values.apiKey,
      mailFrom: values.mailFrom,
      mailTo,
      mailToByForm: byForm.mailTo,
      ...(values.webhookUrl ? { webhookUrl: values.webhookUrl } : {}),
      webhookUrlByForm: byForm.webhookUrl,
      ...(values.webhookSecret ? { webhookSecret: values.webhookSecret } : {}),
      webhookSecretByForm: byForm.webhookSecret,
      ...(values.altchaHmacKey ? { altchaHmacKey: values.altchaHmacKey } : {}),
      ...(values.smtpUrl ? { smtpUrl: values.smtpUrl } : {}),
      rateLimitPerMinute: values.rateLimitPerMinute,
      minSubmitMs: values.minSubmitMs,
      retryBaseMs: values.retryBaseMs,
      retryMaxMs: values.retryMaxMs,
      maxAgeMs: values.maxAgeMs,
      retentionDays: values.retentionDays,
      deliveryConcurrency: values.deliveryConcurrency,
      uploadConcurrency: values.uploadConcurrency,
      ...(values.redisUrl ? { redisUrl: values.redisUrl } : {}),
      redisLockMs: values.redisLockMs,
    },
    notices,
  }
}

/** sysexits' EX_CONFIG: the systemd unit does not restart a server that cannot start as configured. */
export const CONFIGURATION_EXIT_CODE = 78

/** One line per problem on stderr, then exit: a wrong setting is the operator's to fix, not a crash with a stack trace. */
export function exitForConfiguration(problems: string[]): never {
  for (const problem of problems) process.stderr.write(`Configuration: ${problem}\n`)
  process.stderr.write(`Not started: ${problems.length === 1 ? 'fix this setting' : `fix these ${problems.length} settings`} (README, "Environment variables").\n`)
  process.exit(CONFIGURATION_EXIT_CODE)
}

/** For the programs (server, dev server, outbox command): the settings, or the problems and exit. */
export function readServerConfigOrExit(env: NodeJS.ProcessEnv): ServerConfig {
  try {
    return readServerConfig(env)
  } catch (error) {
    if (error instanceof ConfigurationError) exitForConfiguration(error.problems)
    throw error
  }
}
