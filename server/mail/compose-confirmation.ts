import type { SendMailOptions } from 'nodemailer'
import type { OutboxMessage } from '../queue/outbox-message.ts'
import { fillTemplate } from '../../site/text-template.ts'
import { toHeaderText } from './text-safety.ts'
import { localDate } from '../../site/locale-format.ts'

/** A form's confirmation to its visitor, from its declaration (server/forms/form-definitions.ts). */
export interface ConfirmationWording {
  subject: string
  text: string
  /** The payload key holding the visitor's address: the form's first e-mail field. */
  toKey: string
  /** The keys a date field fills, put into the text as dates of the site's language. */
  dateKeys: string[]
  locale: string
}

/** The message id of a submission's confirmation ends so; its Message-ID is its own. */
const messageIdFor = (id: string, from: string) => `<${id}@${/@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'}>`

/**
 * The visitor's confirmation: plain text only (no HTML part for their words to break out of), to the
 * address the schema validated as one, with a subject made one clean line. Marked as automatic
 * (RFC 3834) so that an auto-responder does not answer it.
 */
export function composeConfirmation(message: OutboxMessage, from: string, wording: ConfirmationWording): SendMailOptions {
  const to = message.fields[wording.toKey]
  if (!to) throw new Error(`the confirmation of ${message.id} has no address under ${wording.toKey}`)
  const fields = {
    ...message.fields,
    ...Object.fromEntries(wording.dateKeys.flatMap((key) => (message.fields[key] ? [[key, localDate(message.fields[key], wording.locale)]] : []))),
  }
  return {
    from,
    // An address object: nodemailer takes it as one mailbox, never parses it as a list.
    to: { name: '', address: to },
    subject: toHeaderText(fillTemplate(wording.subject, fields), 120),
    messageId: messageIdFor(message.id, from),
    text: fillTemplate(wording.text, fields),
    headers: { 'Auto-Submitted': 'auto-replied' },
    disableFileAccess: true,
    disableUrlAccess: true,
  }
}
