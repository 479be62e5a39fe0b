import { ANTI_SPAM_KEYS, SERVER_KEYS } from '../../site/form-payload.ts'

/**
 * Two cheap bot traps, both optional for the caller: a program posting the documented fields
 * (the OpenAPI description) sends neither and must still be delivered. Only a filled honeypot or a too-fast fill drops a
 * submission; a missing field never does.
 */
const [HONEYPOT_FIELD, FILL_TIME_FIELD] = ANTI_SPAM_KEYS

export type SpamVerdict = { spam: false } | { spam: true; reason: string }

export function judgeSpam(payload: Record<string, unknown>, minSubmitMs: number): SpamVerdict {
  const honeypot = payload[HONEYPOT_FIELD]
  if (typeof honeypot === 'string' && honeypot.trim() !== '') {
    return { spam: true, reason: 'honeypot field filled' }
  }
  const fillTime = payload[FILL_TIME_FIELD]
  if (typeof fillTime === 'number' && fillTime < minSubmitMs) {
    return { spam: true, reason: `filled in ${fillTime} ms, under the ${minSubmitMs} ms minimum` }
  }
  return { spam: false }
}

/** The payload as it is mailed: the anti-spam fields and the proof of work are ours, not the visitor's. */
export function withoutAntiSpamFields(payload: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [field, value] of Object.entries(payload)) {
    if (SERVER_KEYS.includes(field)) continue
    // A list of choices (checkboxes) reads as one line in the mail: "Cleaning, Whitening".
    fields[field] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return fields
}
