// @vitest-environment node
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanUpAfterEachTest, formsTestApp, pendingMessages, TEST_API_KEY, temporaryDir } from './support/forms-test-app.ts'
import { completeFormWords } from '../../site/default-form-words.ts'
import type { SiteForm } from '../../site/generated/site-config.ts'

cleanUpAfterEachTest()

/**
 * The dental practice's booking form (tests/fixtures/second-site): "from tomorrow, within 60 days,
 * not on Sundays", in Europe/Berlin, with its own German words. Its ALTCHA is left out here so a
 * raw request can be accepted; the date rules are judged before the proof of work anyway.
 */
const secondSite = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/second-site/site.config.json'), 'utf8'))
const { altcha: _altcha, ...termin } = secondSite.forms.termin as SiteForm
const forms = { termin }
const words = completeFormWords({ locale: secondSite.site.locale, timeZone: secondSite.site.timeZone, form: secondSite.texts?.form })

/** Wednesday 2 December 2026, 23:30 in Berlin (22:30 UTC): today there is the 2nd, tomorrow the 3rd. */
const NOW = Date.parse('2026-12-02T22:30:00Z')
const booking = (wunschtermin: string) => ({ name: 'Miriam Keller', email: 'miriam@example.org', wunschtermin, behandlung: 'kontrolle', fillTimeMs: 60_000 })

async function send(wunschtermin: string) {
  const outboxDir = await temporaryDir()
  const { http } = formsTestApp({ outboxDir, forms, words, clock: () => NOW })
  const response = await http.post('/api/termin').set('x-api-key', TEST_API_KEY).send(booking(wunschtermin))
  return { response, outboxDir }
}

describe("a date field's rules on the server (POST /api/termin, judged at the request in the site's time zone)", () => {
  it.each([
    ['today, not from tomorrow', '2026-12-02', 'Wunschtermin: frühestens am 3. Dezember 2026'],
    ['a year ago', '2025-12-03', 'Wunschtermin: frühestens am 3. Dezember 2026'],
    ['61 days ahead, past "within 60 days"', '2027-02-01', 'Wunschtermin: spätestens am 31. Januar 2027'],
    ['a Sunday', '2026-12-06', 'Wunschtermin: bitte einen Montag, Dienstag, Mittwoch, Donnerstag, Freitag oder Samstag wählen'],
  ])('refuses %s in the config’s words, and queues nothing', async (_case, date, words) => {
    const { response, outboxDir } = await send(date)
    expect(response.status).toBe(400)
    expect(response.body.error).toBe('invalid_fields')
    expect(response.body.data.problems).toEqual({ wunschtermin: words })
    expect(await pendingMessages(outboxDir)).toEqual([])
  })

  it('accepts tomorrow and a Saturday near the end of the range', async () => {
    for (const date of ['2026-12-03', '2027-01-30']) {
      const { response, outboxDir } = await send(date)
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      expect((await pendingMessages(outboxDir))[0]?.fields.wunschtermin).toBe(date)
    }
  })

  it('names a date that is no day of the calendar as such, not as out of range', async () => {
    const { response } = await send('2026-02-30')
    expect(response.status).toBe(400)
    expect(response.body.data.problems.wunschtermin).toMatch(/date/)
  })

  it("counts today in the site's time zone, not the server's: near midnight UTC, Kolkata is already on the next day", async () => {
    const outboxDir = await temporaryDir()
    // 19:00 UTC on 2 December is 00:30 on 3 December in Kolkata (the default time zone): "+1d" is the 4th there.
    const { http } = formsTestApp({ outboxDir, forms, words: completeFormWords({ form: secondSite.texts?.form }), clock: () => Date.parse('2026-12-02T19:00:00Z') })
    const response = await http.post('/api/termin').set('x-api-key', TEST_API_KEY).send(booking('2026-12-03'))
    expect(response.body.data.problems).toEqual({ wunschtermin: 'Wunschtermin: frühestens am December 4, 2026' })
  })
})
