import { describe, expect, it } from 'vitest'
import { dateProblemText, weekdayNames } from '../../site/date-rule-words.ts'
import { dateProblem, dateRange, todayIn, weekdayOf, type DateRules } from '../../site/date-rules.ts'
import { completeFormWords, DEFAULT_FORM_WORDS } from '../../site/default-form-words.ts'

/** The dental practice's booking rule: from tomorrow, within 60 days, not on Sundays. */
const booking: DateRules = { earliest: '+1d', latest: '+60d', weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'] }

describe('today in the site’s time zone (site/date-rules.ts)', () => {
  it('is the next day in Kolkata from 18:30 UTC, and still the same day just before', () => {
    expect(todayIn('Asia/Kolkata', Date.parse('2026-12-31T18:29:59Z'))).toBe('2026-12-31')
    expect(todayIn('Asia/Kolkata', Date.parse('2026-12-31T18:30:00Z'))).toBe('2027-01-01')
    expect(todayIn('UTC', Date.parse('2026-12-31T18:30:00Z'))).toBe('2026-12-31')
    expect(todayIn('America/New_York', Date.parse('2027-01-01T03:00:00Z'))).toBe('2026-12-31')
  })
})

describe("a date field's rules, with a fixed today", () => {
  it('counts relative bounds across a month end, a year end and a leap day', () => {
    expect(dateRange(booking, '2026-01-31')).toEqual({ min: '2026-02-01', max: '2026-04-01' })
    expect(dateRange(booking, '2026-12-31')).toEqual({ min: '2027-01-01', max: '2027-03-01' })
    expect(dateRange({ earliest: 'today', latest: '+1d' }, '2028-02-28')).toEqual({ min: '2028-02-28', max: '2028-02-29' })
    expect(dateRange({ earliest: '-7d', latest: '2026-12-24' }, '2026-03-03')).toEqual({ min: '2026-02-24', max: '2026-12-24' })
    expect(dateRange({}, '2026-03-03')).toEqual({})
  })

  it('refuses before the earliest, after the latest and on a day not allowed, in that order; passes the rest', () => {
    const today = '2026-01-31'
    expect(dateProblem('2026-01-31', booking, today)).toEqual({ keyword: 'dateTooEarly', limit: '2026-02-01' })
    expect(dateProblem('2026-02-01', booking, today)).toEqual({ keyword: 'dateWeekday', weekdays: booking.weekdays })
    expect(dateProblem('2026-02-02', booking, today)).toBeNull()
    expect(dateProblem('2026-04-01', booking, today)).toBeNull()
    expect(dateProblem('2026-04-02', booking, today)).toEqual({ keyword: 'dateTooLate', limit: '2026-04-01' })
    expect(dateProblem('2020-05-03', { weekdays: ['sat', 'sun'] }, today)).toBeNull()
  })

  it('knows the weekday of a date whatever the machine’s time zone (the ISO week: Monday first)', () => {
    expect(['2026-02-01', '2026-02-02', '2026-12-05'].map(weekdayOf)).toEqual(['sun', 'mon', 'sat'])
  })

  it('near midnight UTC in Kolkata, "from tomorrow" already means the day after the UTC date', () => {
    const today = todayIn('Asia/Kolkata', Date.parse('2026-06-30T20:00:00Z'))
    expect(dateProblem('2026-07-01', booking, today)).toEqual({ keyword: 'dateTooEarly', limit: '2026-07-02' })
    expect(dateProblem('2026-07-02', booking, today)).toBeNull()
  })
})

describe('a refused date in the site’s words (site/date-rule-words.ts)', () => {
  it('says the schema’s English by default, the date and weekdays written by Intl', () => {
    const { form: texts, locale } = DEFAULT_FORM_WORDS
    expect(dateProblemText(texts, 'Pickup date', { keyword: 'dateTooEarly', limit: '2026-12-05' }, locale)).toBe('Pickup date must be on or after December 5, 2026')
    expect(dateProblemText(texts, 'Pickup date', { keyword: 'dateWeekday', weekdays: ['sat', 'mon'] }, 'en-IN')).toBe('Pickup date must fall on Monday or Saturday')
  })

  it('writes Bengali dates and weekdays with no Latin letter or digit, in the config’s own sentence', () => {
    const texts = completeFormWords({ form: { problemDateTooLate: '{label} {date}-এর মধ্যে হতে হবে', problemDateWeekday: '{label} {weekdays} হতে হবে' } }).form
    const late = dateProblemText(texts, 'কেক নেওয়ার তারিখ', { keyword: 'dateTooLate', limit: '2026-12-05' }, 'bn-IN')
    const weekday = dateProblemText(texts, 'কেক নেওয়ার তারিখ', { keyword: 'dateWeekday', weekdays: ['mon', 'tue'] }, 'bn-IN')
    expect(late).toContain('২০২৬')
    for (const said of [late, weekday]) expect(said).not.toMatch(/[A-Za-z0-9]/)
    expect(weekdayNames(['sun'], 'bn-IN')).toBe('রবিবার')
  })
})
