/**
 * One submission to a form endpoint, and what came of it. Only the call itself is guarded here:
 * a fault anywhere else is a bug and reaches the caller as an exception (the "unexpected error").
 */
export type SendOutcome =
  /** The server accepted it: it is stored and will be mailed. */
  | { kind: 'accepted' }
  /** The server answered and refused it (4xx, or success false): the visitor can fix and resend. */
  | { kind: 'refused'; status: number; error?: string; problems?: Record<string, string> }
  /** No usable answer (network down twice, a 5xx, or something other than our API answered): the mail fallback takes over. */
  | { kind: 'unreachable'; reason: string }

export interface SendOptions {
  endpoint: string
  apiKey: string
  idempotencyKey: string
  body: { json: string } | { formData: FormData }
  /** A site of several languages: the page's language, so the server answers (and confirms) in it. */
  language?: string | undefined
  fetch?: typeof fetch
  /** A hung connection counts as a network error after this long. */
  timeoutMs?: number
  /** Pause before the one automatic retry after a network error. */
  retryDelayMs?: number
}

interface AnswerBody {
  success?: unknown
  error?: unknown
  data?: { problems?: unknown }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

async function readAnswer(response: Response): Promise<AnswerBody | undefined> {
  try {
    const body: unknown = await response.json()
    return isObject(body) ? body : undefined
  } catch {
    return undefined
  }
}

function problemsOf(body: AnswerBody | undefined): Record<string, string> | undefined {
  const problems = body?.data?.problems
  if (!isObject(problems)) return undefined
  return Object.fromEntries(Object.entries(problems).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/** One attempt; a network error (or timeout) comes back as null. */
async function attempt(options: SendOptions): Promise<Response | null> {
  const headers: Record<string, string> = { 'x-api-key': options.apiKey, 'Idempotency-Key': options.idempotencyKey }
  if ('json' in options.body) headers['Content-Type'] = 'application/json'
  if (options.language) headers['Content-Language'] = options.language
  // multipart: the browser writes the Content-Type with its boundary itself.
  const body = 'json' in options.body ? options.body.json : options.body.formData
  try {
    return await (options.fetch ?? fetch)(options.endpoint, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      credentials: 'same-origin',
    })
  } catch (error) {
    if (error instanceof TypeError || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))) return null
    throw error
  }
}

/** Sends once, and once more with the same Idempotency-Key if the network failed. */
export async function sendSubmission(options: SendOptions): Promise<SendOutcome> {
  let response = await attempt(options)
  if (!response) {
    await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 600))
    response = await attempt(options)
  }
  if (!response) return { kind: 'unreachable', reason: 'network error (tried twice)' }
  if (response.status >= 500) return { kind: 'unreachable', reason: `server error ${response.status}` }
  const body = await readAnswer(response)
  if (response.ok) {
    // Accepted: an OK status and an answer whose success is not false. It must be our API's JSON: a 200 page from elsewhere is not a receipt.
    if (body && body.success !== false) return { kind: 'accepted' }
    if (!body) return { kind: 'unreachable', reason: `answer ${response.status} without the API's JSON` }
  }
  const problems = problemsOf(body)
  return {
    kind: 'refused',
    status: response.status,
    // The answer's stable code, not its message: the visitor reads the site's own words for it (form-checks.ts).
    ...(typeof body?.error === 'string' && /^[a-z_]{1,40}$/.test(body.error) ? { error: body.error } : {}),
    ...(problems ? { problems } : {}),
  }
}
