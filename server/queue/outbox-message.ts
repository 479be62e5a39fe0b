/** How an uploaded file is named and typed in its mail. */
interface ResumeDetails {
  /** Safe generated name used for the attachment, e.g. resume-asha-roy.pdf. */
  fileName: string
  /** MIME type of the content as detected from its bytes, not as claimed by the browser. */
  contentType: string
  /** The file name the visitor's computer gave; only ever shown in the mail body, escaped. */
  originalName: string
}

/**
 * An uploaded file (the career form's résumé) as it waits in the queue: already checked, renamed
 * and ready to attach. Kept under `resume`, its name since the first outbox files. Its bytes are
 * in one of two places: a file on this machine's disk (`path`: the upload where it was read to,
 * then the disk outbox's attachment beside its record), so no résumé is ever held in memory whole;
 * or inside the message as base64 (`contentBase64`: a Redis job, which any instance may deliver,
 * and the outbox files of versions before attachments were kept beside them).
 */
export type StoredResume = ResumeDetails & ({ path: string; contentBase64?: never } | { contentBase64: string; path?: never })

/**
 * One accepted submission, as either queue keeps it until its mail is delivered: one JSON file in
 * the disk outbox (so accepting, sending and forgetting it are each a single atomic file operation;
 * its résumé a file beside it, moved into place before the record is written), or one BullMQ job's data.
 */
export interface OutboxMessage {
  version: 1
  id: string
  /** The form's name as the config declares it. */
  form: string
  /** The visitor's language when not the site's default (a site of several languages): what their confirmation is written in. */
  language?: string
  /** ISO time the server accepted it. */
  receivedAt: string
  /** The validated payload, without the anti-spam fields. */
  fields: Record<string, string>
  resume?: StoredResume
  /**
   * Which delivery of the submission this is: absent for the mail to the form's owners (as in
   * every outbox file written before the others existed), `confirmation` for the visitor's, `webhook`
   * for the form's webhook, `team-mail` for the editor's mail to its team (a draft to review; its
   * `fields` are to, subject and text). Each is queued on its own, its id the submission's with `-<action>` after it.
   */
  action?: DeliveryAction
}

export type DeliveryAction = 'confirmation' | 'webhook' | 'team-mail'

/** The id of another delivery of the submission `id` names. */
export const deliveryIdOf = (submissionId: string, action: DeliveryAction) => `${submissionId}-${action}`

/** The submission a message delivers: its id without the action's ending (the reference the visitor was given). */
export const submissionIdOf = (message: OutboxMessage): string => (message.action ? message.id.slice(0, -`-${message.action}`.length) : message.id)

/** A slice of the résumé's base64 handled at a time (written into the outbox file, decoded into the attachment): a multiple of 4, so each slice also decodes on its own. */
export const BASE64_SLICE_CHARS = 64 * 1024
