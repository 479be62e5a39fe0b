import fs from 'node:fs'
import path from 'node:path'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accepted, scriptFetch, submit, type } from '../../tests/helpers/form-test-kit'
import { renderInSite } from '../../tests/helpers/render-block'
import Form from './Form'
import { formsConfig } from './forms-config'
import { config, textsOf } from '../../kit/config'

/**
 * The dental practice's booking form (tests/fixtures/second-site), German, Europe/Berlin: "from
 * tomorrow, within 60 days, not on Sundays". Its ALTCHA is left out: the browser's check runs first.
 */
const secondSite = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../tests/fixtures/second-site/site.config.json'), 'utf8'))
const { altcha: _altcha, ...termin } = secondSite.forms.termin
const formTexts = textsOf('form')
const saved = { texts: { ...formTexts }, locale: config.site.locale, timeZone: config.site.timeZone }

beforeAll(() => {
  formsConfig['termin-dates'] = termin
  Object.assign(formTexts, secondSite.texts.form)
  Object.assign(config.site, { locale: 'de-DE', timeZone: 'Europe/Berlin' })
  // Wednesday 2 December 2026, 23:30 in Berlin: tomorrow there is Thursday the 3rd. Only Date is faked, so the form's own timers run.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.parse('2026-12-02T22:30:00Z'))
})
afterAll(() => {
  vi.useRealTimers()
  Object.assign(formTexts, saved.texts)
  Object.assign(config.site, { locale: saved.locale, timeZone: saved.timeZone })
  delete formsConfig['termin-dates']
})

const dateInput = () => screen.getByLabelText(/Wunschtermin/) as HTMLInputElement
const choose = (date: string) => fireEvent.change(dateInput(), { target: { value: date } })

async function fillAllBut(date: string) {
  await renderInSite(<Form type="form" form="termin-dates" title="Termin" background="tinted" />)
  type('Ihr Name', 'Miriam Keller')
  type('E-Mail', 'miriam@example.org')
  fireEvent.change(screen.getByRole('combobox', { name: /Behandlung/ }), { target: { value: 'kontrolle' } })
  choose(date)
}

describe("a date field's rules in the browser", () => {
  it("gives the date box the site's language and its first and last day, from today in the site's time zone", async () => {
    await renderInSite(<Form type="form" form="termin-dates" title="Termin" background="tinted" />)
    expect(dateInput().lang).toBe('de-DE')
    await waitFor(() => expect(dateInput().min).toBe('2026-12-03'))
    expect(dateInput().max).toBe('2027-01-31')
  }, 20_000)

  it('shows the chosen date in the site’s words under the box, whatever format the browser shows', async () => {
    await renderInSite(<Form type="form" form="termin-dates" title="Termin" background="tinted" />)
    choose('2026-12-05')
    expect(await screen.findByText('5. Dezember 2026')).toBeTruthy()
    expect(dateInput().getAttribute('aria-describedby')).toBeTruthy()
  })

  it.each([
    ['today', '2026-12-02', 'Wunschtermin: frühestens am 3. Dezember 2026'],
    ['61 days ahead', '2027-02-01', 'Wunschtermin: spätestens am 31. Januar 2027'],
    ['a Sunday', '2026-12-06', 'Wunschtermin: bitte einen Montag, Dienstag, Mittwoch, Donnerstag, Freitag oder Samstag wählen'],
  ])('refuses %s under the input in the config’s words, and sends nothing', async (_case, date, words) => {
    const { fetchMock } = scriptFetch()
    await fillAllBut(date)
    submit()
    expect(await screen.findByText(words)).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends tomorrow, a weekday within the range, as YYYY-MM-DD', async () => {
    const { fetchMock } = scriptFetch(accepted())
    await fillAllBut('2026-12-03')
    submit()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)).wunschtermin).toBe('2026-12-03')
  })
})
