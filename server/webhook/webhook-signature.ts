import { createHmac } from 'node:crypto'

/** The header that signs a webhook's body, as Stripe's does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'X-Signature'
/** The delivery's own id, the same on every retry of it, so a receiver can drop a repeat. */
export const WEBHOOK_ID_HEADER = 'X-Webhook-Id'

/** The signature header's value for `body` sent at `unixSeconds` (docs/deploy.md shows a receiver's check of it). */
export function signatureHeader(body: string, secret: string, unixSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${signature}`
}
