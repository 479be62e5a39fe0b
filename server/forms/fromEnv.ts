import { resolve } from 'node:path'
import { createFormsService, type FormsService } from './createFormsService.ts'
import { FORM_NAMES, type FormName } from './formNames.ts'

/**
 * The forms service as configured by the environment (documented in .env.example):
 *   API_KEY                  key the browser sends in x-api-key. Default "dev-key", the value in
 *                            the shipped site config. It is public by nature (it ships to every
 *                            browser): a gate against casual scripts, not a secret.
 *   SMTP_URL                 smtp(s)://user:pass@host:port. Unset: each mail is written as an .eml
 *                            file under <OUTBOX_DIR>/sent-eml/ and its path logged.
 *   MAIL_FROM                From address. Default "Website forms <forms@example.com>".
 *   MAIL_TO                  comma-separated recipients of every form. Required with SMTP_URL.
 *   MAIL_TO_CONTACT, MAIL_TO_QUOTE, MAIL_TO_CAREER   per-form recipients, overriding MAIL_TO.
 *   OUTBOX_DIR               durable outbox folder. Default ./outbox.
 *   RATE_LIMIT_PER_MINUTE    per client address and form. Default 10.
 *   MIN_SUBMIT_MS            faster fills (fillTimeMs) are treated as bots. Default 3000.
 *   MAIL_RETRY_BASE_MS       first retry delay after a transient failure, doubling. Default 5000.
 *   MAIL_RETRY_MAX_MS        longest retry delay. Default 900000 (15 minutes).
 *   REDIS_URL                redis://[user:pass@]host:port[/db] (rediss:// for TLS). Set: the queue,
 *                            idempotency keys and rate limit live in Redis, shared by every instance
 *                            (docs/redis.md). Unset: the disk outbox of one process.
 *   MAIL_MAX_AGE_MS          (Redis queue) a mail still failing this long after it was accepted
 *                            becomes a dead letter. Default 432000000 (5 days).
 *   REDIS_LOCK_MS            (Redis queue) a job held by an instance that died goes to another
 *                            instance after this long. Default 30000.
 */
export const DEV_API_KEY = 'dev-key'
const DEV_MAIL_FROM = 'Website forms <forms@example.com>'
const DEV_MAIL_TO = 'forms@example.com'

const addressList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of 0 or more, not "${raw}".`)
  return value
}

export function createFormsServiceFromEnv(env: NodeJS.ProcessEnv, log: (msg: string) => void): FormsService {
  const smtpUrl = env.SMTP_URL?.trim() || undefined
  const redisUrl = env.REDIS_URL?.trim() || undefined
  const mailToByForm = Object.fromEntries(
    FORM_NAMES.map((name) => [name, addressList(env[`MAIL_TO_${name.toUpperCase()}`])]),
  ) as Record<FormName, string[]>
  let mailTo = addressList(env.MAIL_TO)
  if (mailTo.length === 0 && FORM_NAMES.some((name) => mailToByForm[name].length === 0)) {
    // Real mail to a made-up mailbox would be lost quietly: refuse to start instead.
    if (smtpUrl)
      throw new Error('SMTP_URL is set but MAIL_TO is not: set MAIL_TO to the mailboxes that receive the forms.')
    mailTo = [DEV_MAIL_TO]
  }
  const apiKey = env.API_KEY?.trim() || DEV_API_KEY
  if (apiKey === DEV_API_KEY) log(`[forms] API_KEY not set: using the development key "${DEV_API_KEY}"`)
  if (!smtpUrl) log(`[forms] SMTP_URL not set: mail is written as .eml files instead of being sent`)

  return createFormsService({
    outboxDir: resolve(env.OUTBOX_DIR?.trim() || './outbox'),
    apiKey,
    mailFrom: env.MAIL_FROM?.trim() || DEV_MAIL_FROM,
    mailTo,
    mailToByForm,
    ...(smtpUrl ? { smtpUrl } : {}),
    rateLimitPerMinute: positiveInteger(env, 'RATE_LIMIT_PER_MINUTE', 10),
    minSubmitMs: positiveInteger(env, 'MIN_SUBMIT_MS', 3000),
    retryBaseMs: positiveInteger(env, 'MAIL_RETRY_BASE_MS', 5000),
    retryMaxMs: positiveInteger(env, 'MAIL_RETRY_MAX_MS', 15 * 60_000),
    ...(redisUrl
      ? {
          redisUrl,
          mailMaxAgeMs: positiveInteger(env, 'MAIL_MAX_AGE_MS', 5 * 24 * 60 * 60_000),
          redisLockMs: positiveInteger(env, 'REDIS_LOCK_MS', 30_000),
        }
      : {}),
    log,
  })
}
