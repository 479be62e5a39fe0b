import { resolve } from 'node:path'
import { FORM_NAMES, type FormName } from '../site/generated/forms.ts'
import { TIMEOUTS, type ServerTimeouts } from './http-server.ts'

/**
 * Every setting of the server, read from the environment in this one place (documented in the
 * README and .env.example) and passed down; nothing else reads process.env.
 */
export interface FormsSettings {
  /** Where accepted submissions wait for delivery; created if missing. */
  outboxDir: string
  /** The value the browser sends in x-api-key: public by nature (it ships to every browser), a gate against casual scripts. */
  apiKey: string
  mailFrom: string
  /** Recipients for every form without its own list. */
  mailTo: string[]
  mailToByForm: Partial<Record<FormName, string[]>>
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
  /** Undelivered this long after arrival: a dead letter (Postfix's queue lifetime, 5 days). */
  maxAgeMs: number
  /** Days anything of a delivered submission (an .eml file) or a dead letter is kept; 0 = delete at delivery. */
  retentionDays: number
  /** Messages sent at once. */
  deliveryConcurrency: number
  /** redis://… : submissions become BullMQ jobs that every instance shares (server/queue/). Unset: the disk outbox. */
  redisUrl?: string
  /** Redis queue: a job held by an instance that died goes to another one after this long. */
  redisLockMs: number
}

export interface ServerConfig {
  port: number
  /** Address to listen on; unset listens on every interface, as Node does. */
  host?: string
  distDir: string
  /** Strict-Transport-Security on every answer: only behind HTTPS. */
  hsts: boolean
  /** Behind a reverse proxy: take the visitor's address from X-Forwarded-For. */
  trustProxy: boolean
  logLevel: string
  timeouts: ServerTimeouts
  forms: FormsSettings
  /** Things worth saying at start-up (development defaults in use). */
  notices: string[]
}

export const DEV_API_KEY = 'dev-key'
const DAY_MS = 24 * 60 * 60_000

/** The defaults, once: the forms service and its tests use the same values. */
export const FORMS_DEFAULTS = {
  apiKey: DEV_API_KEY,
  mailFrom: 'Website forms <forms@example.com>',
  mailTo: 'forms@example.com',
  outboxDir: './outbox',
  rateLimitPerMinute: 10,
  minSubmitMs: 3000,
  retryBaseMs: 5000,
  retryMaxMs: 15 * 60_000,
  maxAgeMs: 5 * DAY_MS,
  retentionDays: 30,
  deliveryConcurrency: 8,
  redisLockMs: 30_000,
} as const

const addressList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of 0 or more, not "${raw}".`)
  return value
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

export function readFormsSettings(env: NodeJS.ProcessEnv, notices: string[] = []): FormsSettings {
  const smtpUrl = env.SMTP_URL?.trim() || undefined
  const mailToByForm = Object.fromEntries(FORM_NAMES.map((name) => [name, addressList(env[`MAIL_TO_${name.toUpperCase()}`])])) as Record<FormName, string[]>
  let mailTo = addressList(env.MAIL_TO)
  if (mailTo.length === 0 && FORM_NAMES.some((name) => mailToByForm[name].length === 0)) {
    // Real mail to a made-up mailbox would be lost quietly: refuse to start instead.
    if (smtpUrl) throw new Error('SMTP_URL is set but MAIL_TO is not: set MAIL_TO to the mailboxes that receive the forms.')
    mailTo = [FORMS_DEFAULTS.mailTo]
  }
  const apiKey = env.API_KEY?.trim() || FORMS_DEFAULTS.apiKey
  if (apiKey === DEV_API_KEY) notices.push(`API_KEY not set: using the development key "${DEV_API_KEY}"`)
  if (!smtpUrl) notices.push('SMTP_URL not set: mail is written as .eml files instead of being sent')

  return {
    outboxDir: resolve(env.OUTBOX_DIR?.trim() || FORMS_DEFAULTS.outboxDir),
    apiKey,
    mailFrom: env.MAIL_FROM?.trim() || FORMS_DEFAULTS.mailFrom,
    mailTo,
    mailToByForm,
    ...(smtpUrl ? { smtpUrl } : {}),
    rateLimitPerMinute: wholeNumber(env, 'RATE_LIMIT_PER_MINUTE', FORMS_DEFAULTS.rateLimitPerMinute),
    minSubmitMs: wholeNumber(env, 'MIN_SUBMIT_MS', FORMS_DEFAULTS.minSubmitMs),
    retryBaseMs: wholeNumber(env, 'MAIL_RETRY_BASE_MS', FORMS_DEFAULTS.retryBaseMs),
    retryMaxMs: wholeNumber(env, 'MAIL_RETRY_MAX_MS', FORMS_DEFAULTS.retryMaxMs),
    maxAgeMs: wholeNumber(env, 'MAIL_MAX_AGE_MS', FORMS_DEFAULTS.maxAgeMs),
    retentionDays: wholeNumber(env, 'RETENTION_DAYS', FORMS_DEFAULTS.retentionDays),
    deliveryConcurrency: Math.max(1, wholeNumber(env, 'MAIL_CONCURRENCY', FORMS_DEFAULTS.deliveryConcurrency)),
    ...(env.REDIS_URL?.trim() ? { redisUrl: env.REDIS_URL.trim() } : {}),
    redisLockMs: wholeNumber(env, 'REDIS_LOCK_MS', FORMS_DEFAULTS.redisLockMs),
  }
}

export function readServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const notices: string[] = []
  const logLevel = env.LOG_LEVEL?.trim() || 'info'
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}".`)
  const port = wholeNumber(env, 'PORT', 3000)
  if (port > 65535) throw new Error(`PORT must be at most 65535, not "${port}".`)
  return {
    port,
    ...(env.HOST?.trim() ? { host: env.HOST.trim() } : {}),
    distDir: resolve(env.DIST_DIR?.trim() || 'dist'),
    hsts: env.HSTS === '1',
    trustProxy: env.TRUST_PROXY === '1',
    logLevel,
    timeouts: {
      headersMs: wholeNumber(env, 'HEADERS_TIMEOUT_MS', TIMEOUTS.headersMs),
      requestMs: wholeNumber(env, 'REQUEST_TIMEOUT_MS', TIMEOUTS.requestMs),
      keepAliveMs: wholeNumber(env, 'KEEP_ALIVE_TIMEOUT_MS', TIMEOUTS.keepAliveMs),
    },
    forms: readFormsSettings(env, notices),
    notices,
  }
}
