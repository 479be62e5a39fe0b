import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import escapeHtml from 'escape-html'
import type { SendMailOptions } from 'nodemailer'
import { BASE64_SLICE_CHARS, type OutboxMessage, type StoredResume } from '../queue/outbox-message.ts'
import { toHeaderText } from './text-safety.ts'
import type { FormWords } from '../../site/form-words.ts'
import { localDate, localDateTime } from '../../site/locale-format.ts'
import { fillTemplate } from '../../site/text-template.ts'

/** What the mail of one form says besides the visitor's words: from its declaration in the config (server/forms/form-definitions.ts). */
interface FormMailWording {
  /** "Contact form" in "Contact form: Asha Roy — services", and the body's heading. */
  subject: string
  /** The one key after the name in the subject. */
  subjectField?: string
  /** The label of each key shown, in payload order: the rows of the body (other keys stay out). */
  labels: Record<string, string>
  /** The key whose address becomes the Reply-To. */
  replyToKey?: string
  /** The form's file field, if it has one: then the body says when none came. */
  file?: { name: string; label: string }
  /** The keys a date field fills: written as dates of the site's language. */
  dateKeys: string[]
  /** The site's language and its mail texts, which frame the body. */
  words: Pick<FormWords, 'locale' | 'timeZone' | 'mail'>
}

/** Who sends and receives each form's mail, and what it says; given by the composition root (server/compose/forms-service.ts). */
export interface FormsMail {
  from: string
  /** Recipients per form; each list already resolved from MAIL_TO / MAIL_TO_<FORM>. */
  to: ReadonlyMap<string, string[]>
  wording: ReadonlyMap<string, FormMailWording>
}

/** "Contact form: Asha Roy — services". Only name and one chosen field, each one clean line. */
function subjectFor(message: OutboxMessage, wording: FormMailWording): string {
  const who = toHeaderText(message.fields.name ?? '', 60) || wording.words.mail.unnamedVisitor
  const what = wording.subjectField ? toHeaderText(message.fields[wording.subjectField] ?? '', 60) : ''
  const subject = toHeaderText(wording.subject, 80)
  return what ? `${subject}: ${who} — ${what}` : `${subject}: ${who}`
}

/** The fields in schema order with their labels, ready for the text and HTML bodies. */
function labelledFields(message: OutboxMessage, { labels, file, dateKeys, words }: FormMailWording): Array<[label: string, value: string]> {
  const { mail, locale, timeZone } = words
  const shown = (field: string) => (dateKeys.includes(field) ? localDate(message.fields[field] ?? '', locale) : (message.fields[field] ?? ''))
  const rows: Array<[string, string]> = Object.entries(labels)
    .filter(([field]) => message.fields[field] !== undefined && message.fields[field] !== '')
    // An uploaded file gets its own row below; its field is only the original name again.
    .filter(([field]) => !(message.resume && field === file?.name))
    .map(([field, label]) => [label, shown(field)])
  if (file) {
    const attachment = fillTemplate(mail.attachment, { label: file.label })
    if (message.resume) rows.push([attachment, fillTemplate(mail.uploadedAs, { fileName: message.resume.fileName, originalName: message.resume.originalName })])
    else rows.push([attachment, mail.noFile])
  }
  rows.push([mail.received, localDateTime(message.receivedAt, locale, timeZone)], [mail.reference, message.id])
  return rows
}

const headingOf = ({ subject, words }: FormMailWording) => fillTemplate(words.mail.heading, { form: subject.toLocaleLowerCase(words.locale) })

function textBody(message: OutboxMessage, wording: FormMailWording): string {
  const lines = labelledFields(message, wording).map(([label, value]) => (value.includes('\n') ? `${label}:\n${value}\n` : `${label}: ${value}`))
  return `${headingOf(wording)}\n\n${lines.join('\n')}\n\n${wording.words.mail.replyHint}\n`
}

function htmlBody(message: OutboxMessage, wording: FormMailWording): string {
  const rows = labelledFields(message, wording)
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n')
  const title = escapeHtml(wording.subject)
  const lang = escapeHtml(wording.words.locale)
  return `<!doctype html>\n<html lang="${lang}"><body style="font-family:sans-serif">\n<h2>${title}</h2>\n<table>\n${rows}\n</table>\n<p>${escapeHtml(wording.words.mail.replyHint)}</p>\n</body></html>\n`
}

/** Message-ID derived from the outbox id: a re-send after a crash carries the same id, so mail systems can de-duplicate it. */
function messageIdFor(message: OutboxMessage, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<${message.id}@${domain}>`
}

/**
 * The résumé's bytes as a stream of small slices, so nodemailer's base64 encoder, line folder and
 * SMTP dot escaping each handle a slice at a time and the résumé never exists whole in memory: read
 * from its file, or decoded from the stored base64. The file is opened only once nodemailer starts
 * reading it (and closed when it stops), so an attempt that fails before the message is sent
 * leaves no file open behind it.
 */
function attachmentContent(resume: StoredResume): Readable {
  const { path, contentBase64 } = resume
  return Readable.from(
    path !== undefined
      ? (async function* fileSlices() {
          yield* createReadStream(path) as AsyncIterable<Buffer>
        })()
      : (function* base64Slices() {
          for (let start = 0; start < contentBase64.length; start += BASE64_SLICE_CHARS) yield Buffer.from(contentBase64.slice(start, start + BASE64_SLICE_CHARS), 'base64')
        })(),
    { objectMode: false },
  )
}

export function composeMail(message: OutboxMessage, forms: FormsMail): SendMailOptions {
  const wording = forms.wording.get(message.form)
  const to = forms.to.get(message.form)
  // A message of a form the config no longer declares (a queue filled before a publish) stays queued until it is declared again or dead-lettered.
  if (!wording || !to) throw new Error(`the ${message.form} form is not declared in this site's config`)
  const mail: SendMailOptions = {
    from: forms.from,
    to,
    // The only visitor input in a header besides the subject: an address the schema validated.
    replyTo: wording.replyToKey ? message.fields[wording.replyToKey] : undefined,
    subject: subjectFor(message, wording),
    messageId: messageIdFor(message, forms.from),
    text: textBody(message, wording),
    html: htmlBody(message, wording),
    // Visitor data never makes nodemailer read a local file or fetch a URL (the résumé's file is opened here, by its outbox path).
    disableFileAccess: true,
    disableUrlAccess: true,
  }
  if (message.resume) {
    mail.attachments = [
      {
        filename: message.resume.fileName,
        contentType: message.resume.contentType,
        content: attachmentContent(message.resume),
      },
    ]
  }
  return mail
}
