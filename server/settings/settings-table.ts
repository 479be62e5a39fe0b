import { bearerToken, editorSwitch, localPath, mailbox, mailboxes, oneOf, onOff, secretKey, text, urlOf, wholeNumber, type ReadValue } from './setting-values.ts'

/**
 * Every setting of the server, declared once: its environment variable, the group and key it has
 * in the values the server passes down (`config.forms.retryBaseMs`; the server group's are
 * `config.port` …), its default, meaning and how its text is read. The values' types and the
 * values themselves are derived from this table (grouped-values.ts); the README's table and
 * .env.example are generated from it (`npm run docs:settings`, checked fresh in `npm test`).
 * The order is the order problems are listed in.
 */
export interface SettingDeclaration<T = unknown> {
  name: string
  group: SettingGroup
  /** The text an unset or empty variable stands for, read like any value; none: the setting is left out. */
  default?: string
  /** The default as the README writes it, when it is not the default text itself (or `unset`). */
  shown?: string
  /** What it does, in a person's words (the README's table and .env.example's comment). */
  meaning: string
  read: ReadValue<T>
  /** A password may be inside: a mistake is reported without the value. */
  secret?: boolean
  /** The line .env.example suggests; default the plain default, or nothing when it has none. */
  example?: string
  /** Each form may have its own value, `<NAME>_<FORM>` (MAIL_TO_CONTACT): the group also gets `<key>ByForm`. */
  perForm?: true
}

/** The groups of values the server passes down, each with its heading in the README; the server's own are the config's top level. */
export const SETTING_GROUPS = {
  server: 'The server',
  forms: 'Forms and their mail',
  editor: 'The visual editor',
  timeouts: "A client's time limits",
} as const
export type SettingGroup = keyof typeof SETTING_GROUPS

export const DEV_API_KEY = 'dev-key'
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

export const SETTINGS = {
  port: { group: 'server', name: 'PORT', default: '3000', meaning: 'port the server listens on', read: wholeNumber({ max: 65535 }) },
  host: {
    group: 'server',
    name: 'HOST',
    shown: 'every interface (`npm start`); `127.0.0.1` (`npm run dev`)',
    meaning: 'address the server listens on; the dev server (and its visual editor) stays on this machine unless set',
    read: text,
  },
  apiKey: { group: 'forms', name: 'API_KEY', default: DEV_API_KEY, meaning: 'shared key the browser sends as `x-api-key`; must equal `site.apiKey` in the config', read: text },
  smtpUrl: {
    group: 'forms',
    name: 'SMTP_URL',
    meaning: 'SMTP server for form mail (`smtp://` or `smtps://user:pass@host:port`); unset = each mail written as an `.eml` file under `<OUTBOX_DIR>/sent-eml/`, its path logged',
    read: urlOf(['smtp:', 'smtps:'], 'smtps://user:password@mail.example.com:465'),
    secret: true,
  },
  mailTo: {
    group: 'forms',
    name: 'MAIL_TO',
    shown: '`forms@example.com` without SMTP; required with `SMTP_URL`',
    meaning: 'recipients of form mail (comma-separated); per form `MAIL_TO_<FORM>`, e.g. `MAIL_TO_CONTACT`',
    default: '',
    read: mailboxes,
    example: 'sales@example.com',
    perForm: true,
  },
  mailFrom: {
    group: 'forms',
    name: 'MAIL_FROM',
    default: 'Website forms <forms@example.com>',
    meaning: 'sender of form mail',
    read: mailbox,
    example: '"Website forms <forms@example.com>"',
  },
  outboxDir: {
    group: 'forms',
    name: 'OUTBOX_DIR',
    default: './outbox',
    meaning: 'durable outbox of accepted submissions (pending, sent records, dead letters); created if missing',
    read: localPath,
  },
  // 64 MB: the bookkeeping of a long mail outage (one small file per waiting mail, a filesystem
  // block each: 10 000 waiting mails take 40 MB) plus a few .eml copies of the largest submission
  // (about 10 MB with its résumé) when no SMTP_URL is set; small beside any server's disk.
  outboxReserveMb: {
    group: 'forms',
    name: 'OUTBOX_RESERVE_MB',
    default: '64',
    meaning:
      "free space (MB) kept on the outbox folder's disk for delivering what was accepted: a submission that would leave less is refused with 503 (`outbox_full`), and `/ready` fails",
    read: wholeNumber(),
  },
  rateLimitPerMinute: {
    group: 'forms',
    name: 'RATE_LIMIT_PER_MINUTE',
    default: '10',
    meaning: 'submissions per visitor address and form per minute',
    read: wholeNumber({ min: 1 }),
  },
  minSubmitMs: {
    group: 'forms',
    name: 'MIN_SUBMIT_MS',
    default: '3000',
    meaning: 'forms filled faster than this (ms) are treated as bots: answered, logged, not sent',
    read: wholeNumber(),
  },
  retryBaseMs: {
    group: 'forms',
    name: 'MAIL_RETRY_BASE_MS',
    default: '5000',
    meaning: 'first delay (ms) of the doubling retry after a transient mail failure',
    read: wholeNumber({ min: 1 }),
  },
  retryMaxMs: {
    group: 'forms',
    name: 'MAIL_RETRY_MAX_MS',
    default: '900000',
    meaning: 'longest delay (ms) between two attempts of a mail (15 minutes)',
    read: wholeNumber({ min: 1 }),
  },
  maxAgeMs: {
    group: 'forms',
    name: 'MAIL_MAX_AGE_MS',
    default: '432000000',
    meaning: 'how long (ms; 5 days, as Postfix keeps a queue) after it arrived a mail may still be attempted: one whose next retry would come later becomes a dead letter',
    read: wholeNumber({ min: 1 }),
  },
  deliveryConcurrency: {
    group: 'forms',
    name: 'MAIL_CONCURRENCY',
    default: '8',
    meaning: 'mails sent at once over the pooled SMTP connections',
    read: wholeNumber({ min: 1, max: 100 }),
  },
  uploadConcurrency: {
    group: 'forms',
    name: 'UPLOAD_CONCURRENCY',
    default: '64',
    meaning:
      "career uploads read at once, each written to a file under `OUTBOX_DIR` as it arrives (a few chunks in memory, room for a whole résumé claimed on the outbox's disk first); one more waits up to 5 s for a turn, then is answered 503 with `Retry-After` and its body unread",
    read: wholeNumber({ min: 1, max: 1000 }),
  },
  retentionDays: {
    group: 'forms',
    name: 'RETENTION_DAYS',
    default: '30',
    meaning: 'days `.eml` files of delivered mail and dead letters are kept; `0` deletes at delivery',
    read: wholeNumber(),
  },
  webhookUrl: {
    group: 'forms',
    name: 'WEBHOOK_URL',
    meaning:
      'where the forms with `webhook` on post each accepted submission (signed JSON; docs/deploy.md, "Webhooks"); per form `WEBHOOK_URL_<FORM>`, e.g. `WEBHOOK_URL_CONTACT`. Required when a form has `webhook` on',
    read: urlOf(['https:', 'http:'], 'https://crm.example.com/hooks/forms'),
    // A receiver's URL often carries its own token.
    secret: true,
    perForm: true,
  },
  webhookSecret: {
    group: 'forms',
    name: 'WEBHOOK_SECRET',
    meaning: 'the key that signs each webhook (the `X-Signature` header), shared with its receiver; per form `WEBHOOK_SECRET_<FORM>`. Required when a form has `webhook` on',
    read: secretKey,
    secret: true,
    perForm: true,
  },
  altchaHmacKey: {
    group: 'forms',
    name: 'ALTCHA_HMAC_KEY',
    shown: 'a key made at each start (one instance only)',
    meaning:
      'signs the proof-of-work challenges of the forms with `altcha` on; unset = a random key made at start-up, so challenges do not survive a restart and, with `REDIS_URL`, the server refuses to start (every instance must share one)',
    read: secretKey,
    secret: true,
  },
  redisUrl: {
    group: 'server',
    name: 'REDIS_URL',
    meaning:
      "`redis://…`: the forms' queue, idempotency keys and rate limit on Redis (BullMQ), and with `EDITOR=on` the editor's sign-ins and published versions too, so any number of instances share them; unset = the disk outbox of one process, and `CONTENT_DIR` (docs/deploy.md)",
    read: urlOf(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
    secret: true,
  },
  redisLockMs: {
    group: 'forms',
    name: 'REDIS_LOCK_MS',
    default: '30000',
    meaning: 'with Redis: a mail held by an instance that died goes to another after about this long (ms)',
    read: wholeNumber({ min: 1000 }),
  },
  trustProxy: {
    group: 'server',
    name: 'TRUST_PROXY',
    default: '0',
    meaning:
      "how many reverse proxies stand in front of the server (`1` behind the generated nginx): the visitor's address is the one the outermost of them saw, so a client's own `X-Forwarded-For` cannot choose its rate-limit key",
    read: wholeNumber({ max: 10 }),
  },
  hsts: { group: 'server', name: 'HSTS', default: '0', meaning: '`1` sends Strict-Transport-Security: only where the site is served over HTTPS', read: onOff },
  metricsToken: {
    group: 'server',
    name: 'METRICS_TOKEN',
    meaning:
      '`GET /metrics` (Prometheus) answers a scraper that sends `Authorization: Bearer <token>`; unset = only a scraper on this machine (loopback, not through a proxy) gets the figures, anyone else a 404',
    read: bearerToken,
    secret: true,
  },
  enabled: {
    group: 'editor',
    name: 'EDITOR',
    default: 'off',
    meaning:
      '`on` serves the visual editor at `/_editor` behind its sign-in (accounts and roles: `npm run editor:user` and the editor\'s Accounts screen; docs/deploy.md, "Editor accounts"): signed-in publishers publish new versions of the site from the browser; `off` answers `/_editor` with 404',
    read: editorSwitch,
  },
  accountsFile: {
    group: 'editor',
    name: 'EDITOR_ACCOUNTS_FILE',
    default: './editor-accounts.json',
    meaning:
      "the editor's accounts (names, roles, scrypt hashes, hashes of open one-time links), kept by `npm run editor:user` and the editor's Accounts screen; mode 600, outside `dist/` and `public/`",
    read: localPath,
  },
  idleMs: {
    group: 'editor',
    name: 'EDITOR_SESSION_IDLE_MS',
    default: '1800000',
    meaning: 'an editor session unused this long (ms; 30 minutes) has ended: sign in again',
    read: wholeNumber({ min: 60_000 }),
  },
  maxMs: {
    group: 'editor',
    name: 'EDITOR_SESSION_MAX_MS',
    default: '43200000',
    meaning: 'an editor session this old (ms; 12 hours) has ended however busy it was',
    read: wholeNumber({ min: 60_000 }),
  },
  origin: {
    group: 'editor',
    name: 'EDITOR_ORIGIN',
    meaning:
      'the address people open the editor at (`https://www.example.com`, no path): passkeys are made for it and work only there; unset = no passkeys (docs/deploy.md, "Second factors")',
    read: urlOf(['https:', 'http:'], 'https://www.example.com'),
  },
  factorsKey: {
    group: 'editor',
    name: 'EDITOR_FACTORS_KEY',
    meaning:
      "seals the authenticator apps' secrets in `EDITOR_ACCOUNTS_FILE` (AES-256-GCM), so a copy of that file makes no codes; the same on every instance, kept outside the file; unset = no authenticator-app codes",
    read: secretKey,
    secret: true,
  },
  passwordLinkHours: {
    group: 'editor',
    name: 'EDITOR_PASSWORD_LINK_HOURS',
    default: '72',
    meaning:
      "how long (hours; 3 days) a one-time link to set a password stays valid: an invitation to a new editor account, or an admin's reset (from the Accounts screen or `npm run editor:user -- invite`); used once, then refused",
    read: wholeNumber({ min: 1, max: 24 * 30 }),
  },
  contentDir: {
    group: 'editor',
    name: 'CONTENT_DIR',
    default: './published',
    meaning:
      'with `EDITOR=on`: where this instance builds the published versions it serves, and (without `REDIS_URL`, which keeps them in Redis) where the versions of the config, the pictures uploaded in the editor (`npm run site:versions`) and the counts of failed sign-ins (`sign-in-failures.json`) are kept; outside `dist/`, kept across deployments; created if missing',
    read: localPath,
  },
  versionsKept: {
    group: 'editor',
    name: 'EDITOR_VERSIONS_KEPT',
    default: '50',
    meaning: 'how many published versions are kept (in `CONTENT_DIR` or Redis) to roll back to; the current one is always kept',
    read: wholeNumber({ min: 1, max: 10_000 }),
  },
  draftsMax: {
    group: 'editor',
    name: 'EDITOR_DRAFTS_MAX',
    default: '50',
    meaning: 'how many drafts the team may keep at once (in `CONTENT_DIR/drafts` or Redis); starting one more is refused until one is published or deleted',
    read: wholeNumber({ min: 1, max: 1000 }),
  },
  previewLinkDays: {
    group: 'editor',
    name: 'EDITOR_PREVIEW_LINK_DAYS',
    default: '7',
    meaning:
      "how long (days) a draft's preview link stays valid: the link shows the draft's site, read-only, to anyone who has it, until then or until it is revoked from the draft",
    read: wholeNumber({ min: 1, max: 90 }),
  },
  builtKept: {
    group: 'editor',
    name: 'EDITOR_BUILT_KEPT',
    default: '5',
    meaning:
      "how many published versions each instance keeps built in `CONTENT_DIR/instance/built` besides the one it serves and the one served just before (each a whole site's pages): a rollback to one of them is served at once, to an older one it is built again first",
    read: wholeNumber({ min: 0, max: 1000 }),
  },
  logLevel: { group: 'server', name: 'LOG_LEVEL', default: 'info', meaning: `JSON log level: ${LOG_LEVELS.map((level) => `\`${level}\``).join(', ')}`, read: oneOf(LOG_LEVELS) },
  distDir: { group: 'server', name: 'DIST_DIR', default: './dist', meaning: 'the built site the server serves', read: localPath },
  headersMs: {
    group: 'timeouts',
    name: 'HEADERS_TIMEOUT_MS',
    default: '20000',
    meaning: 'how long (ms) a client may take to send its request headers',
    read: wholeNumber({ min: 1 }),
  },
  requestMs: {
    group: 'timeouts',
    name: 'REQUEST_TIMEOUT_MS',
    default: '60000',
    meaning: 'how long (ms) a client may take to send a whole request (a 5 MB résumé on a slow line included)',
    read: wholeNumber({ min: 1 }),
  },
  keepAliveMs: {
    group: 'timeouts',
    name: 'KEEP_ALIVE_TIMEOUT_MS',
    default: '5000',
    meaning: 'how long (ms) an idle keep-alive connection stays open',
    read: wholeNumber({ min: 1 }),
  },
} satisfies Record<string, SettingDeclaration>
