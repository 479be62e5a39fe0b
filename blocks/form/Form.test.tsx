import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { config } from '../../kit/config'
import { formsConfig } from './forms-config'
import type { FormBlock } from '../../site/generated/site-config'
import { accepted, answer, scriptFetch, statusText, submit, textbox, type } from '../../tests/helpers/form-test-kit'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import Form from './Form'

const openMailClient = vi.hoisted(() => vi.fn())
vi.mock('./mail-fallback', async (original) => ({
  ...(await original<typeof import('./mail-fallback')>()),
  openMailClient,
}))

const [quoteExample, contactExample] = schemaExamples<FormBlock>('form')

afterEach(() => {
  vi.unstubAllGlobals()
  openMailClient.mockReset()
})

function fillQuote() {
  type('Full Name', ' Asha Roy ')
  type('Phone Number', '+91 98300 12345')
  type('Email Address', 'asha.roy@example.org')
  type('Organization', 'Roy Logistics')
  type('Products / Services of Interest', 'Next-generation firewalls')
}

function fillContact() {
  type('Full Name', 'Asha Roy')
  type('Email Address', 'asha.roy@example.org')
  fireEvent.change(screen.getByRole('combobox', { name: 'Subject' }), { target: { value: 'support' } })
  type('Message', 'Our VPN drops every hour.')
}

describe('form block', () => {
  it('renders its schema examples: the card title, the configured fields with browser checks, the tiles', async () => {
    const { container } = await renderInSite(<Form {...quoteExample!} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Request Your Custom Quote' })).toBeTruthy()
    for (const tile of quoteExample!.aside!.tiles) expect(screen.getByRole('heading', { level: 3, name: tile.title })).toBeTruthy()
    for (const field of formsConfig.quote!.fields) expect(textbox(field.label).required).toBe(true)
    expect(textbox('Email Address').type).toBe('email')
    expect(textbox('Phone Number').type).toBe('tel')
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeTruthy()
    // The honeypot is there for bots only.
    const honeypot = container.querySelector<HTMLInputElement>('input[name=website]')!
    expect(honeypot.tabIndex).toBe(-1)
    expect(honeypot.autocomplete).toBe('off')
    expect(honeypot.closest('[aria-hidden=true]')).toBeTruthy()
    await expectNoAxeViolations(container)
  })

  it('contact: only the phone is optional, the subject is a list of the four subjects', async () => {
    const { container } = await renderInSite(<Form {...contactExample!} />)
    expect(textbox('Phone Number').required).toBe(false)
    const subject = screen.getByRole('combobox', { name: 'Subject' }) as HTMLSelectElement
    expect(subject.required).toBe(true)
    expect([...subject.options].map((option) => option.value)).toEqual(['', 'general', 'services', 'quote', 'support'])
    await expectNoAxeViolations(container)
  })

  it('says "Please fill in all required fields" and sends nothing while a required field holds only spaces', async () => {
    const { fetchMock } = scriptFetch()
    await renderInSite(<Form {...contactExample!} />)
    fillContact()
    type('Message', '   ')
    submit()
    await waitFor(() => expect(statusText()).toBe('Please fill in all required fields'))
    expect(screen.getByText('Message is required')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("checks an empty form itself, in the site's words: the browser's own check is off, the first field with a problem takes the focus and names it", async () => {
    const { fetchMock } = scriptFetch()
    const { container } = await renderInSite(<Form {...contactExample!} />)
    expect(container.querySelector('form')!.noValidate).toBe(true)
    submit()
    await waitFor(() => expect(document.activeElement).toBe(textbox('Full Name')))
    const name = textbox('Full Name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(described).toContain('Full Name is required')
    expect(statusText()).toBe('Please fill in all required fields')
    expect(fetchMock).not.toHaveBeenCalled()
    await expectNoAxeViolations(container)
  })

  it('quote: shows "Please fill in all fields" when one is empty', async () => {
    scriptFetch()
    await renderInSite(<Form {...quoteExample!} />)
    fillQuote()
    type('Organization', '')
    submit()
    await waitFor(() => expect(statusText()).toBe('Please fill in all fields'))
  })

  it('checks the payload against the server schema before sending (a 130-character name)', async () => {
    const { fetchMock } = scriptFetch()
    await renderInSite(<Form {...contactExample!} />)
    fillContact()
    type('Full Name', 'A'.repeat(130))
    submit()
    await waitFor(() => expect(screen.getByText('Full Name must be at most 120 characters')).toBeTruthy())
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('quote: sends the mapped payload with the api key and an Idempotency-Key, shows the busy label, then clears the form', async () => {
    let release: (response: Response) => void = () => {}
    const { calls } = scriptFetch(() => new Promise<Response>((resolve) => (release = resolve)))
    await renderInSite(<Form {...quoteExample!} />)
    fillQuote()
    submit()
    const busy = await screen.findByRole('button', { name: 'Submitting Request...' })
    expect((busy as HTMLButtonElement).disabled).toBe(true)

    const [call] = calls
    expect(call!.url).toBe('/api/quote')
    expect(call!.headers['x-api-key']).toBe(config.site.apiKey)
    expect(call!.headers['Content-Type']).toBe('application/json')
    expect(call!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const { fillTimeMs, ...payload } = JSON.parse(call!.body as string)
    expect(payload).toEqual({
      name: 'Asha Roy',
      email: 'asha.roy@example.org',
      phone: '+91 98300 12345',
      company: 'Roy Logistics',
      service: 'Custom Quote Request',
      message: 'Organization: Roy Logistics\nProducts: Next-generation firewalls',
      website: '',
    })
    expect(fillTimeMs).toBeGreaterThanOrEqual(0)

    await act(async () => release(accepted()))
    await waitFor(() => expect(statusText()).toBe("Quote request submitted! We'll send your custom quote within 24 hours."))
    expect(textbox('Full Name').value).toBe('')
    expect(textbox('Products / Services of Interest').value).toBe('')
    expect((screen.getByRole('button', { name: 'Submit Request' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it("keeps the values on a refusal, shows the form's failure text and the site's words for the reason, and marks the field", async () => {
    scriptFetch(
      answer(400, {
        success: false,
        message: 'Please correct the highlighted fields and send again. · Organization must be at most 200 characters',
        error: 'invalid_fields',
        data: { fields: ['company'], problems: { company: 'Organization must be at most 200 characters' } },
      }),
    )
    await renderInSite(<Form {...quoteExample!} />)
    fillQuote()
    submit()
    await waitFor(() => expect(statusText()).toBe('Failed to send quote request. Please try again or contact us directly.Please correct the highlighted fields and send again.'))
    expect(screen.getByText('Organization must be at most 200 characters')).toBeTruthy()
    expect(textbox('Organization').value).toBe('Roy Logistics')
    await waitFor(() => expect(document.activeElement).toBe(textbox('Organization')))
  })

  it('retries a network error once with the same Idempotency-Key, then opens the mail client to the fallback mailbox', async () => {
    const { calls } = scriptFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'))
    await renderInSite(<Form {...contactExample!} />)
    fillContact()
    submit()
    await waitFor(() => expect(statusText()).toBe('Opening your email client...'), { timeout: 3000 })
    expect(calls).toHaveLength(2)
    expect(calls[1]!.headers['Idempotency-Key']).toBe(calls[0]!.headers['Idempotency-Key'])

    const mailto = new URL(openMailClient.mock.calls[0]![0] as string)
    expect(mailto.protocol + mailto.pathname).toBe(`mailto:${config.site.fallbackEmail}`)
    expect(mailto.searchParams.get('subject')).toBe('Contact form: Asha Roy')
    expect(mailto.searchParams.get('body')).toBe('Full Name: Asha Roy\r\nEmail Address: asha.roy@example.org\r\nSubject: Technical Support\r\nMessage: Our VPN drops every hour.')
    // Nothing reached us: the visitor keeps what they typed.
    expect(textbox('Full Name').value).toBe('Asha Roy')
  })

  it('falls back to the mail client when the server fails (5xx) and uses a new key after a success', async () => {
    const { calls } = scriptFetch(answer(500, { success: false, message: 'disk full' }), accepted(), accepted())
    await renderInSite(<Form {...contactExample!} />)
    fillContact()
    submit()
    await waitFor(() => expect(openMailClient).toHaveBeenCalledTimes(1))
    submit()
    await waitFor(() => expect(statusText()).toBe("Message sent successfully! We'll respond within 24 hours."))
    fillContact()
    submit()
    await waitFor(() => expect(calls).toHaveLength(3))
    // The resend after the fallback is the same submission; the next one after a success is new.
    expect(calls[1]!.headers['Idempotency-Key']).toBe(calls[0]!.headers['Idempotency-Key'])
    expect(calls[2]!.headers['Idempotency-Key']).not.toBe(calls[1]!.headers['Idempotency-Key'])
  })

  it('shows the unexpected-error text when sending fails in an unexpected way', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    scriptFetch(new RangeError('something broke'))
    await renderInSite(<Form {...contactExample!} />)
    fillContact()
    submit()
    await waitFor(() => expect(statusText()).toBe('An unexpected error occurred. Please try again or contact us directly.'))
    expect(consoleError).toHaveBeenCalled()
    consoleError.mockRestore()
  })
})
