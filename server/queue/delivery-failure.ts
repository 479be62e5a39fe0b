/**
 * Transient or permanent? Only a mail server's 5xx reply to *this message* (its envelope or its
 * content) is permanent: retrying gets the same refusal, so it goes to the dead-letter folder.
 * Everything else is retried with backoff, including a 5xx to our login or greeting: that is our
 * configuration, and fixing it must deliver the backlog rather than find it dead-lettered.
 */
export interface FailureVerdict {
  permanent: boolean
  reason: string
  responseCode?: number
}

interface MailErrorShape {
  code?: string
  responseCode?: number
  permanent?: boolean
  response?: string
  message?: string
}

/**
 * A failure whose deliverer already knows whether trying again can help: a webhook's receiver
 * answered (its 4xx is a refusal of this request, its 5xx a passing fault) or did not answer at all.
 */
export class JudgedFailure extends Error {
  readonly permanent: boolean
  readonly responseCode: number | undefined

  constructor(reason: string, permanent: boolean, responseCode?: number) {
    super(reason)
    this.name = 'JudgedFailure'
    this.permanent = permanent
    this.responseCode = responseCode
  }
}

/** Nodemailer's codes for a reply to MAIL FROM / RCPT TO and to DATA. */
const MESSAGE_LEVEL_CODES = new Set(['EENVELOPE', 'EMESSAGE'])

const isPermanentReply = (code: number) => code >= 500 && code < 600 && code !== 503

export function classifyDeliveryFailure(error: unknown): FailureVerdict {
  if (error instanceof JudgedFailure)
    return error.responseCode === undefined
      ? { permanent: error.permanent, reason: error.message }
      : { permanent: error.permanent, reason: error.message, responseCode: error.responseCode }
  const failure = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as MailErrorShape
  const reason = [failure.code, failure.response ?? failure.message].filter(Boolean).join(': ') || 'unknown error'
  const responseCode = typeof failure.responseCode === 'number' ? failure.responseCode : undefined
  // nodemailer ≥ 10.2 marks SMTP errors with `permanent`; older shapes only carry the reply code.
  const permanentReply = failure.permanent ?? (responseCode !== undefined && isPermanentReply(responseCode))
  const permanent = permanentReply && MESSAGE_LEVEL_CODES.has(failure.code ?? '')
  return responseCode === undefined ? { permanent, reason } : { permanent, reason, responseCode }
}
