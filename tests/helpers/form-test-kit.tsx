import { fireEvent, screen } from '@testing-library/react'
import { vi } from 'vitest'

/** Helpers for the form block's tests: a scripted fetch and typing by label. */

interface RecordedCall {
  url: string
  headers: Record<string, string>
  body: unknown
}

/** A fetch stand-in: records each call and answers with the next scripted reply. */
export function scriptFetch(...replies: Array<(() => Promise<Response>) | Response | Error>) {
  const calls: RecordedCall[] = []
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, headers: { ...(init.headers as Record<string, string>) }, body: init.body })
    const reply = replies.shift()
    if (!reply) throw new Error('no more scripted replies')
    if (reply instanceof Error) throw reply
    return typeof reply === 'function' ? reply() : reply
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
}

export const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export const accepted = () => answer(200, { success: true, message: 'ok', data: { reference: 'contact-k1' } })

export const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement

export function type(name: string, value: string) {
  fireEvent.change(textbox(name), { target: { value } })
}

/** Submits the form; fireEvent.submit skips the browser's own required/e-mail checks, so the form's own check runs. */
export function submit() {
  fireEvent.submit(document.querySelector('form[data-form]')!)
}

/** The form's message area: the alert or status text, or '' when it shows none. */
export const statusText = () => document.querySelector('form [role=alert], form [role=status]')?.textContent ?? ''
