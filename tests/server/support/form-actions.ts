import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { SiteForm } from '../../../site/generated/site-config.ts'
import { shippedForms } from '../../helpers/shipped-forms.ts'

/** The shipped forms with one changed: a confirmation, a webhook or a proof of work on. */
export const formsWith = (form: string, change: Partial<SiteForm>) => ({ ...shippedForms, [form]: { ...shippedForms[form]!, ...change } })

export const formsWithContact = (change: Partial<SiteForm>) => formsWith('contact', change)

export const CONFIRMATION = {
  subject: 'Thank you, {name}',
  text: 'Hello {name},\n\nwe received your message about "{subject}" <b>and</b> will answer soon.\n\nThe Eastbridge team',
}

interface ReceivedHook {
  headers: IncomingHttpHeaders
  body: string
}

/**
 * A webhook receiver on 127.0.0.1: records every request and answers the n-th (1-based) with the
 * status `answer` gives (200 unless it says otherwise).
 */
export async function startWebhookReceiver(answer: (attempt: number) => number = () => 200) {
  const received: ReceivedHook[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.statusCode = answer(received.length)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks/forms`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Almost no work: a test solves its challenges in a few milliseconds. */
export const EASY_PROOF = { cost: 1, counterMin: 1, counterMax: 20 }

/** What a browser does with GET /api/altcha/<form>: solve the challenge, send the ALTCHA payload (base64 of { challenge, solution }). */
export async function solvedProof(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('the test challenge was not solved')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}
