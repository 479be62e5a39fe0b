import { waitFor } from '@testing-library/react'
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accepted, answer, scriptFetch, statusText, submit, type } from '../../tests/helpers/form-test-kit'
import { appointmentForm } from '../../tests/helpers/appointment-form'
import { renderInSite } from '../../tests/helpers/render-block'
import Form from './Form'
import { formsConfig } from './forms-config'

const openMailClient = vi.hoisted(() => vi.fn())
vi.mock('./mail-fallback', async (original) => ({
  ...(await original<typeof import('./mail-fallback')>()),
  openMailClient,
}))

afterEach(() => {
  vi.unstubAllGlobals()
  openMailClient.mockReset()
})

/** The booking form of the other business, with a proof of work asked for. */
const FORM = 'book-with-proof'
formsConfig[FORM] = { ...appointmentForm.declaration, fields: appointmentForm.declaration.fields.filter((field) => field.input !== 'checkboxes'), altcha: true }

const HMAC_KEY = 'the-test-servers-altcha-key'
/** What GET /api/altcha/<form> answers, made with almost no work to do. */
const challengeOf = () => createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 1, counter: 7, deriveKey, hmacSignatureSecret: HMAC_KEY, expiresAt: new Date(Date.now() + 600_000) })
const challengeAnswer = (challenge: Challenge) => answer(200, challenge)

/** The `altcha` the page sent, as the server reads it: solved, for that challenge. */
async function sentProof(body: unknown, challenge: Challenge) {
  const { altcha } = JSON.parse(body as string) as { altcha?: string }
  const proof = JSON.parse(atob(altcha ?? '')) as { challenge: Challenge; solution: { counter: number; derivedKey: string } }
  expect(proof.challenge).toEqual(challenge)
  return verifySolution({ challenge: proof.challenge, solution: proof.solution, deriveKey, hmacSignatureSecret: HMAC_KEY })
}

function fillIn() {
  type('Name', 'Mira Sen')
  type('E-mail', 'mira@example.org')
}

describe('a form with a proof of work', () => {
  it('gets a challenge from its own address, solves it and sends the solution in the altcha key', async () => {
    const challenge = await challengeOf()
    const { calls } = scriptFetch(challengeAnswer(challenge), accepted())
    await renderInSite(<Form type="form" form={FORM} title="Book a visit" background="tinted" />)
    fillIn()
    submit()
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[0]!.url).toBe(`/api/altcha/${FORM}`)
    expect(calls[1]!.url).toBe(`/api/${FORM}`)
    expect(await sentProof(calls[1]!.body, challenge)).toMatchObject({ verified: true })
    await waitFor(() => expect(statusText()).toBe('Booked: we will confirm by e-mail.'))
  })

  it('solves a new challenge and sends once more when the server refuses the solution', async () => {
    const [first, second] = [await challengeOf(), await challengeOf()]
    const refused = answer(400, {
      success: false,
      message: 'Please check: altcha (was already used)',
      error: 'invalid_fields',
      data: { fields: ['altcha'], problems: { altcha: 'was already used: send the form again' } },
    })
    const { calls } = scriptFetch(challengeAnswer(first), refused, challengeAnswer(second), accepted())
    await renderInSite(<Form type="form" form={FORM} title="Book a visit" background="tinted" />)
    fillIn()
    submit()
    await waitFor(() => expect(calls).toHaveLength(4))
    expect(await sentProof(calls[3]!.body, second)).toMatchObject({ verified: true })
    // The same submission: one Idempotency-Key for both sends.
    expect(calls[3]!.headers['Idempotency-Key']).toBe(calls[1]!.headers['Idempotency-Key'])
    await waitFor(() => expect(statusText()).toBe('Booked: we will confirm by e-mail.'))
  })

  it('offers the mail fallback when no challenge can be had', async () => {
    const { calls } = scriptFetch(new TypeError('Failed to fetch'))
    await renderInSite(<Form type="form" form={FORM} title="Book a visit" background="tinted" />)
    fillIn()
    submit()
    await waitFor(() => expect(statusText()).toBe('Opening your email client...'))
    expect(calls).toHaveLength(1)
    expect(new URL(openMailClient.mock.calls[0]![0] as string).protocol).toBe('mailto:')
  })
})
