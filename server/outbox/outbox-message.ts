import type { FormName } from '../../site/generated/forms.ts'

/** An uploaded resume as it waits in the outbox: already checked, renamed and ready to attach. */
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
 * One accepted submission. Stored as one JSON file so that accepting, sending and forgetting it
 * are each a single atomic file operation. The resume travels inside it (base64, at most ~7 MB).
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

/**
 * The delivery schedule of a message that failed at least once, kept beside it so a restart
 * resumes the backoff instead of retrying everything at once (or forgetting the attempts).
 */
export interface RetrySchedule {
  attempts: number
  /** ISO time of the next attempt. */
  nextAttemptAt: string
  lastError: string
  /** ISO time MAIL_MAX_AGE_MS counts from when not the arrival: an operator's re-queue of a dead letter. */
  ageFrom?: string
}

/** Why a message was given up on; kept beside it in the dead-letter folder for a person to read. */
export interface DeadLetterReason {
  reason: string
  responseCode?: number
  failedAt: string
  attempts: number
}

/** Ids become file names: keep them to a safe alphabet. */
export const isSafeMessageId = (id: string): boolean => /^[a-z0-9][a-z0-9-]{0,99}$/.test(id)
