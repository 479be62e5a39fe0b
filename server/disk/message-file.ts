import { BASE64_SLICE_CHARS, type OutboxMessage } from '../queue/outbox-message.ts'

/**
 * The message's JSON file content, as pieces written one after the other. A résumé in a file is
 * left out (the outbox keeps the file beside the record). A résumé given as base64 goes
 * out in slices of the one string that holds it, so storing a message never makes a second (JSON)
 * copy of a 7 MB résumé. JSON.parse reads the result as the plain JSON.stringify of the message
 * (base64 needs no escaping in JSON); only the key order differs, the résumé's content last.
 */
export function* messageFileContent(message: OutboxMessage): Generator<string> {
  const { resume, ...rest } = message
  if (!resume) {
    yield JSON.stringify(message)
    return
  }
  if (resume.contentBase64 === undefined) {
    // The résumé is a file beside the record (outbox.ts): where this process read it from is not part of the message.
    const { path: _file, ...details } = resume
    yield JSON.stringify({ ...rest, resume: details })
    return
  }
  const { contentBase64, ...resumeDetails } = resume
  // The résumé is the message's last key and its content the résumé's last: the text ends `"contentBase64":""}}`.
  const opening = JSON.stringify({ ...rest, resume: { ...resumeDetails, contentBase64: '' } })
  const closing = '"}}'
  yield opening.slice(0, -closing.length)
  for (let start = 0; start < contentBase64.length; start += BASE64_SLICE_CHARS) yield contentBase64.slice(start, start + BASE64_SLICE_CHARS)
  yield closing
}

const RESUME_CONTENT_KEY = Buffer.from('"contentBase64":"')
const RESUME_CONTENT_END = Buffer.from('"}}')
const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/

/**
 * A message file read back. JSON.parse of the whole text would make two more full copies of the
 * résumé inside the JavaScript heap (the file's text, then the parsed value), which the garbage
 * collector frees only late: with several mails being sent at once, hundreds of MB. A file as
 * messageFileContent writes it (and as every earlier version did: the résumé's content is the last
 * value) ends `"contentBase64":"<base64>"}}`; its small head is parsed as JSON and the base64 is
 * taken straight from the bytes, outside the heap. A key inside a visitor's text cannot fake that
 * ending: JSON escapes the quotes around it. Any other shape is parsed as plain JSON.
 */
export function parseMessageFile(file: Buffer): OutboxMessage {
  const keyAt = file.lastIndexOf(RESUME_CONTENT_KEY)
  const contentStart = keyAt + RESUME_CONTENT_KEY.length
  const contentEnd = file.length - RESUME_CONTENT_END.length
  if (keyAt >= 0 && contentEnd >= contentStart && file.subarray(contentEnd).equals(RESUME_CONTENT_END)) {
    const head = JSON.parse(`${file.toString('utf8', 0, contentStart)}"}}`) as OutboxMessage
    // latin1 of pure ASCII is the same text, and Node keeps a large one outside the JavaScript heap.
    const contentBase64 = file.toString('latin1', contentStart, contentEnd)
    if (head.resume?.contentBase64 === '' && BASE64_TEXT.test(contentBase64)) return { ...head, resume: { ...head.resume, contentBase64 } }
  }
  return JSON.parse(file.toString('utf8')) as OutboxMessage
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
