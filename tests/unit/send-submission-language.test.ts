import { describe, expect, it, vi } from 'vitest'
import { sendSubmission } from '../../blocks/form/send-submission.ts'

/** A form on a page of another language tells the server that language (server/forms/forms-middleware.ts answers in it). */
describe("the form's request names the page's language", () => {
  const sent = async (language?: string) => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'ok' }), { status: 200, headers: { 'Content-Type': 'application/json' } }))
    await sendSubmission({ endpoint: '/api/contact', apiKey: 'k', idempotencyKey: 'i', body: { json: '{}' }, language, fetch: fetchMock as unknown as typeof fetch })
    return new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers)
  }

  it('in Content-Language on a page of a site in several languages, and not at all on a one-language site', async () => {
    expect((await sent('bn')).get('content-language')).toBe('bn')
    expect((await sent(undefined)).has('content-language')).toBe(false)
  })
})
