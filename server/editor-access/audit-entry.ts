import type { AuditDetail, AuditEntry } from './audit-trail.ts'

/**
 * Details named like a secret: a password, its hash or salt, a token, a cookie, a session's id, a
 * one-time code, a key. The trail is read by every admin and exported as CSV, so such a detail is
 * never kept, whoever passes it.
 */
const SECRET_NAME = /password|passphrase|passwd|hash|salt|token|cookie|secret|csrf|session-?id|otp|^code$|private-?key|api-?key|signature|credential/
/** Longer than any name, reason, address or version id; the rest of a longer text is cut. */
const MAX_TEXT = 300
const MAX_DETAILS = 32

const isSecretName = (name: string) => SECRET_NAME.test(name.toLowerCase().replace(/_/g, '-'))
const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text)
const keptValue = (value: AuditDetail) => (typeof value === 'string' ? cut(value) : value)

/** The details the trail keeps: none named like a secret, each text bounded, at most MAX_DETAILS. */
function keptDetails(details: Record<string, AuditDetail>): Record<string, AuditDetail> {
  const kept = Object.entries(details).filter(([name, value]) => !isSecretName(name) && ['string', 'number', 'boolean'].includes(typeof value))
  return Object.fromEntries(kept.slice(0, MAX_DETAILS).map(([name, value]) => [cut(name), keptValue(value)]))
}

/** The one way an event becomes an entry of the trail: secrets left out, texts bounded. */
export function auditEntry(fields: { at: string; event: string; account: string; address: string; details: Record<string, AuditDetail> }): Omit<AuditEntry, 'id'> {
  return { at: fields.at, event: cut(fields.event), account: cut(fields.account), address: cut(fields.address), details: keptDetails(fields.details) }
}
