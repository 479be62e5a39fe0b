import type { AuditEntry } from '../../../site/audit-entry'

export type { AuditEntry }

type Details = AuditEntry['details']

const SIGN_IN_FAILURES: Record<string, string> = {
  'wrong-password': 'wrong password',
  'unknown-account': 'no such account',
  disabled: 'the account is disabled',
  throttled: 'too many tries, held back',
}

/**
 * What each event the server records is called on the audit screen, given its details. An event
 * not listed here (a new one) is shown by its name and its details, never hidden.
 */
const EVENT_WORDS: Record<string, { label: string; says(details: Details): string }> = {
  'sign-in': { label: 'Signed in', says: () => 'Signed in' },
  'sign-out': { label: 'Signed out', says: () => 'Signed out' },
  'sign-in-failed': {
    label: 'Failed sign-in',
    says: (details) => `Failed sign-in: ${SIGN_IN_FAILURES[String(details.reason)] ?? String(details.reason ?? 'refused')}`,
  },
  publish: { label: 'Published', says: (details) => `Published version ${String(details.version)}` },
  rollback: { label: 'Rolled back', says: (details) => `Rolled back to ${String(details.rollbackOf)} (published as version ${String(details.version)})` },
  'restore-page': { label: 'Restored a page', says: (details) => `Restored ${String(details.page)} from ${String(details.restoredFrom)}` },
  'publish-schedule': { label: 'Scheduled a publish', says: (details) => `Scheduled “${String(details.name)}” to publish at ${String(details.local)}` },
  'publish-unschedule': { label: 'Cancelled a scheduled publish', says: (details) => `Cancelled the scheduled publish of “${String(details.name)}”` },
  'scheduled-publish': {
    label: 'Scheduled publish ran',
    says: (details) =>
      details.outcome === 'published'
        ? `Published “${String(details.name)}” as scheduled (version ${String(details.version)})`
        : `The scheduled publish of “${String(details.name)}” failed`,
  },
  'draft-rebase': {
    label: 'Brought a draft up to date',
    says: (details) =>
      `Brought “${String(details.name)}” up to date, from version ${String(details.from)} onto ${String(details.to)}${details.clashes === '0' ? '' : ` (${String(details.clashes)} fields changed on both sides: the draft's words kept)`}`,
  },
  'review-ask': {
    label: 'Asked for a review',
    says: (details) =>
      `Asked for a review of “${String(details.name)}” (${details.notified === '0' ? 'no publisher has an e-mail address: nobody was mailed' : `${String(details.notified)} mailed`})`,
  },
  'review-send-back': { label: 'Sent a draft back', says: (details) => `Sent “${String(details.name)}” back to ${String(details.author)}` },
  'preview-link-create': {
    label: 'Made a preview link',
    says: (details) => `Made a preview link to “${String(details.name)}”, valid until ${String(details.expiresAt).slice(0, 10)}`,
  },
  'preview-link-revoke': { label: 'Revoked a preview link', says: (details) => `Revoked a preview link to “${String(details.name)}”` },
  'account-email': {
    label: 'Changed an account’s e-mail',
    says: (details) => `${details.email === 'cleared' ? 'Cleared' : 'Set'} the e-mail address of ${String(details.whom)}`,
  },
  'email-change': { label: 'Changed their e-mail', says: (details) => `${details.email === 'cleared' ? 'Cleared' : 'Set'} their own e-mail address` },
}

/** The events the server is known to record, for the screen's filter: [name, label]. */
export const KNOWN_EVENTS: ReadonlyArray<readonly [string, string]> = Object.entries(EVENT_WORDS).map(([event, words]) => [event, words.label])

/** `role-changed` → "Role changed": an event's own name, readable. */
const nameInWords = (event: string) => {
  const words = event.replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The details an event's sentence does not already say, as `name: value`. */
const detailsInWords = (details: Details) =>
  Object.entries(details)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join(', ')

/** The entry in one sentence: "Published version v4", "Failed sign-in: wrong password"; a new event by its name and details. */
export function eventInWords(entry: Pick<AuditEntry, 'event' | 'details'>): string {
  const known = EVENT_WORDS[entry.event]
  if (known) return known.says(entry.details)
  const details = detailsInWords(entry.details)
  return details ? `${nameInWords(entry.event)} (${details})` : nameInWords(entry.event)
}

/** Details the sentence leaves out, shown below it: what a publish changed, how long a sign-in was held back. */
export function otherDetails(entry: Pick<AuditEntry, 'event' | 'details'>): string {
  if (!EVENT_WORDS[entry.event]) return ''
  const said: Record<string, string[]> = {
    'sign-in-failed': ['reason'],
    publish: ['version'],
    rollback: ['version', 'rollbackOf'],
    'restore-page': ['page', 'restoredFrom'],
    'publish-schedule': ['name', 'local'],
    'publish-unschedule': ['name'],
    'scheduled-publish': ['name', 'outcome', 'version'],
    'account-email': ['whom', 'email'],
    'email-change': ['email'],
  }
  const rest = Object.fromEntries(Object.entries(entry.details).filter(([name, value]) => !said[entry.event]?.includes(name) && value !== ''))
  return detailsInWords(rest)
}
