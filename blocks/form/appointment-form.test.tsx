import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accepted, scriptFetch, statusText, submit, type } from '../../tests/helpers/form-test-kit'
import { appointmentForm } from '../../tests/helpers/appointment-form'
import { expectNoAxeViolations, renderInSite } from '../../tests/helpers/render-block'
import Form from './Form'
import { textsOf } from '../../kit/config'

const formTexts = textsOf('form')

afterEach(() => vi.unstubAllGlobals())

const renderBooking = () => renderInSite(<Form type="form" form={appointmentForm.name} title="Book a visit" background="tinted" />)

/** A form another business declares in its config only: a date, treatments to tick, a note. */
describe('a form declared in the config alone (a dental practice booking)', () => {
  it('draws a date picker and a named group of checkboxes, and passes axe', async () => {
    const { container } = await renderBooking()
    expect((screen.getByLabelText('Preferred day') as HTMLInputElement).type).toBe('date')
    const group = screen.getByRole('group', { name: /Treatments/ })
    expect(group.querySelectorAll('input[type=checkbox]')).toHaveLength(3)
    await expectNoAxeViolations(container)
    // The first render of the file loads Mantine and axe: slow on a busy machine, not a fault of the form.
  }, 20_000)

  it('refuses to send with no treatment ticked', async () => {
    const { fetchMock } = scriptFetch()
    await renderBooking()
    type('Name', 'Mira Sen')
    type('E-mail', 'mira@example.org')
    submit()
    await waitFor(() => expect(statusText()).toBe('Please fill in the required fields'))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("names each problem under its input in the site's own words (texts.form)", async () => {
    const english = { ...formTexts }
    Object.assign(formTexts, { problemRequired: '{label} fehlt', problemEmail: '{label}: keine gültige Adresse' })
    try {
      scriptFetch()
      await renderBooking()
      type('E-mail', 'mira@example')
      submit()
      expect(await screen.findByText('Name fehlt')).toBeTruthy()
      type('Name', 'Mira Sen')
      fireEvent.click(screen.getByRole('checkbox', { name: 'Cleaning' }))
      submit()
      expect(await screen.findByText('E-mail: keine gültige Adresse')).toBeTruthy()
    } finally {
      Object.assign(formTexts, english)
    }
  })

  it('posts the ticked treatments as a list, in the order offered, and the day as YYYY-MM-DD, to its own address', async () => {
    const { calls } = scriptFetch(accepted())
    await renderBooking()
    type('Name', 'Mira Sen')
    type('E-mail', 'mira@example.org')
    fireEvent.change(screen.getByLabelText('Preferred day') as HTMLInputElement, { target: { value: '2026-12-01' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Check-up' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cleaning' }))
    submit()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.url).toBe('/api/book-appointment')
    const { fillTimeMs: _time, ...payload } = JSON.parse(calls[0]!.body as string)
    expect(payload).toEqual({ name: 'Mira Sen', email: 'mira@example.org', date: '2026-12-01', treatments: ['cleaning', 'checkup'], note: '', website: '' })
    await waitFor(() => expect(statusText()).toBe('Booked: we will confirm by e-mail.'))
  })
})
