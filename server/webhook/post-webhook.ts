import { JudgedFailure } from '../queue/delivery-failure.ts'
import type { OutboxMessage } from '../queue/outbox-message.ts'
import { SIGNATURE_HEADER, signatureHeader, WEBHOOK_ID_HEADER } from './webhook-signature.ts'

/** Where a form's webhook goes and how it is signed: WEBHOOK_URL_<NAME>/WEBHOOK_URL and WEBHOOK_SECRET_<NAME>/WEBHOOK_SECRET. */
export interface WebhookTarget {
  url: string
  secret: string
}

/** A receiver that does not answer within this long is tried again later, like a mail server that does not. */
const WEBHOOK_TIMEOUT_MS = 10_000

/** A 4xx that says "not now" rather than "never": the request timed out at the receiver, or it asks us to slow down. */
const RETRIED_STATUSES = new Set([408, 429])

/** The submission as the receiver gets it: no file bytes (a file field carries the file's name only). */
function webhookBody(message: OutboxMessage, submissionId: string): string {
  return JSON.stringify({ form: message.form, id: submissionId, receivedAt: message.receivedAt, fields: message.fields })
}

/**
 * One attempt: resolves with the receiver's status line, rejects with a JudgedFailure. Permanent
 * when the receiver refused this request for good (a 4xx other than 408 and 429, or a redirect):
 * trying again gets the same answer, so it is a dead letter at once. Anything else (5xx, 408, 429,
 * no answer within WEBHOOK_TIMEOUT_MS, no connection) is retried on the mail's schedule.
 */
export async function postWebhook(message: OutboxMessage, submissionId: string, target: WebhookTarget): Promise<string> {
  const body = webhookBody(message, submissionId)
  let response: Response
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        // The real time, not the service's: the receiver compares it with its own clock.
        [SIGNATURE_HEADER]: signatureHeader(body, target.secret, Math.floor(Date.now() / 1000)),
        [WEBHOOK_ID_HEADER]: message.id,
      },
      body,
      // A redirect is an answer about the URL, not a place to post the visitor's data to unasked.
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    })
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)
    throw new JudgedFailure(`webhook not reached: ${cause}`, false)
  }
  // The answer's body is not needed: read it away so the connection can be reused.
  await response.arrayBuffer().catch(() => undefined)
  if (response.status >= 200 && response.status < 300) return `webhook answered ${response.status}`
  const permanent = response.status < 500 && !RETRIED_STATUSES.has(response.status)
  throw new JudgedFailure(`webhook answered ${response.status} ${response.statusText}`.trim(), permanent, response.status)
}
