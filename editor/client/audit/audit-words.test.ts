import { describe, expect, it } from 'vitest'
import { auditQuery, NO_FILTERS } from './audit-requests'
import { eventInWords, otherDetails } from './audit-words'

describe('audit events in words', () => {
  it('says what each known event did, with its details', () => {
    expect(eventInWords({ event: 'sign-in', details: {} })).toBe('Signed in')
    expect(eventInWords({ event: 'sign-in-failed', details: { reason: 'wrong-password' } })).toBe('Failed sign-in: wrong password')
    expect(eventInWords({ event: 'sign-in-failed', details: { reason: 'throttled', because: 'address', retryAfterSeconds: 30 } })).toBe('Failed sign-in: too many tries, held back')
    expect(otherDetails({ event: 'sign-in-failed', details: { reason: 'throttled', because: 'address', retryAfterSeconds: 30 } })).toBe('because: address, retryAfterSeconds: 30')
    expect(eventInWords({ event: 'publish', details: { version: 'v7', change: '/about: title' } })).toBe('Published version v7')
    expect(otherDetails({ event: 'publish', details: { version: 'v7', change: '/about: title' } })).toBe('change: /about: title')
    expect(eventInWords({ event: 'restore-page', details: { version: 'v9', page: '/about', restoredFrom: 'v3' } })).toBe('Restored /about from v3')
    expect(eventInWords({ event: 'rollback', details: { version: 'v5', rollbackOf: 'v2' } })).toBe('Rolled back to v2 (published as version v5)')
  })

  it('shows an event it does not know by its name and every detail, never hiding it', () => {
    expect(eventInWords({ event: 'role-changed', details: { of: 'ben', role: 'publisher' } })).toBe('Role changed (of: ben, role: publisher)')
    expect(eventInWords({ event: 'passkey_added', details: {} })).toBe('Passkey added')
  })
})

describe('the audit screen’s query', () => {
  it('asks for whole days in the browser’s time zone, and only the filters set', () => {
    const query = auditQuery({ ...NO_FILTERS, account: ' Ben ', fromDay: '2026-03-01', toDay: '2026-03-02' }, '123-0')
    expect(query.get('account')).toBe('ben')
    expect(query.get('from')).toBe(new Date(2026, 2, 1).toISOString())
    expect(query.get('to')).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString())
    expect(query.get('cursor')).toBe('123-0')
    expect(query.has('event')).toBe(false)
    expect(query.has('address')).toBe(false)
  })
})
