import type { FormName } from '../../site/generated/forms.ts'

/** An uploaded resume as it waits in the queue: already checked, renamed and ready to attach. */
export interface StoredResume {
  /** Safe generated name used for the attachment, e.g. resume-asha-roy.pdf. */
  fileName: string
  /** MIME type of the content as detected from its bytes, not as claimed by the browser. */
  contentType: string
  /** The file name the visitor's computer gave; only ever shown in the mail body, escaped. */
  originalName: string
  contentBase64: string
}

/**
 * One accepted submission, as either queue keeps it until its mail is delivered: one JSON file in
 * the disk outbox (so accepting, sending and forgetting it are each a single atomic file operation),
 * or one BullMQ job's data. The resume travels inside it (base64, at most ~7 MB).
 */
export interface OutboxMessage {
  version: 1
  id: string
  form: FormName
  /** ISO time the server accepted it. */
  receivedAt: string
  /** The validated payload, without the anti-spam fields. */
  fields: Record<string, string>
  resume?: StoredResume
}

/** A slice of the résumé's base64 handled at a time (written into the outbox file, decoded into the attachment): a multiple of 4, so each slice also decodes on its own. */
export const BASE64_SLICE_CHARS = 64 * 1024
