import { describe, expect, it } from 'vitest'
import { instantOf, isTimeZone, localParts, siteTimeZoneOf, zonedLabel } from '../../site/zoned-time.ts'

describe('a date and time on the site’s clock', () => {
  it('is the instant it stands for in the site’s zone, and back', () => {
    expect(new Date(instantOf('2030-03-01', '10:30', 'Asia/Kolkata')!).toISOString()).toBe('2030-03-01T05:00:00.000Z')
    expect(new Date(instantOf('2030-01-01', '00:15', 'Asia/Kolkata')!).toISOString()).toBe('2029-12-31T18:45:00.000Z')
    expect(new Date(instantOf('2030-07-01', '09:00', 'America/New_York')!).toISOString()).toBe('2030-07-01T13:00:00.000Z')
    expect(localParts(Date.parse('2030-03-01T05:00:00Z'), 'Asia/Kolkata')).toEqual({ date: '2030-03-01', time: '10:30' })
    expect(zonedLabel('2030-03-01T05:00:00.000Z', 'Asia/Kolkata')).toBe('2030-03-01 10:30 (Asia/Kolkata)')
  })

  it('follows summer time: a time skipped when the clocks go forward does not exist; one that happens twice is the first', () => {
    // Berlin, 31 March 2030: 02:00 becomes 03:00.
    expect(instantOf('2030-03-31', '02:30', 'Europe/Berlin')).toBeUndefined()
    expect(new Date(instantOf('2030-03-31', '03:30', 'Europe/Berlin')!).toISOString()).toBe('2030-03-31T01:30:00.000Z')
    // 27 October 2030: 03:00 becomes 02:00 again; 02:30 is first at 00:30 UTC.
    expect(new Date(instantOf('2030-10-27', '02:30', 'Europe/Berlin')!).toISOString()).toBe('2030-10-27T00:30:00.000Z')
  })

  it('refuses what is no date or time', () => {
    for (const [date, time] of [
      ['2030-02-29', '10:00'],
      ['2030-13-01', '10:00'],
      ['2030-03-01', '24:00'],
      ['2030-03-01', '10:60'],
      ['2030-3-1', '10:00'],
      ['2030-03-01', '1000'],
    ])
      expect(instantOf(date!, time!, 'Asia/Kolkata'), `${date} ${time}`).toBeUndefined()
  })

  it('knows the zones the runtime knows, and takes the schema’s default when the site sets none', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('../../etc/passwd')).toBe(false)
    expect(isTimeZone(42)).toBe(false)
    expect(siteTimeZoneOf({ site: { timeZone: 'Europe/Berlin' } })).toBe('Europe/Berlin')
    expect(siteTimeZoneOf({ site: {} })).toBe('Asia/Kolkata')
    expect(siteTimeZoneOf(null)).toBe('Asia/Kolkata')
  })
})
