import { describe, expect, it } from 'vitest'
import { DEFAULT_FORM_WORDS } from '../../site/default-form-words'
import { fileTooLargeSentence, problemSentence } from '../../site/form-words'
import { localDateTime } from '../../site/locale-format'
import { bengaliWords } from '../helpers/bengali-forms'

describe("a broken rule in the site's words and digits (site/form-words.ts)", () => {
  it('says limits in the digits of the site locale', () => {
    expect(problemSentence(bengaliWords, 'ফোন', { keyword: 'maxLength', limit: 40 })).toBe('ফোন সর্বাধিক ৪০ অক্ষরের হতে পারে')
    expect(problemSentence(DEFAULT_FORM_WORDS, 'Phone', { keyword: 'maxLength', limit: 40 })).toBe('Phone must be at most 40 characters')
    expect(fileTooLargeSentence(bengaliWords, 5 * 1024 * 1024)).toBe('ফাইলটি ৫ মেগাবাইটের চেয়ে বড়।')
    expect(fileTooLargeSentence(DEFAULT_FORM_WORDS, 2.5 * 1024 * 1024)).toBe('The file is larger than 2.5 MB.')
  })

  it('names "not only spaces" and a single choice as required, in the site\'s words', () => {
    expect(problemSentence(bengaliWords, 'নাম', { keyword: 'pattern', pattern: '\\S' })).toBe('নাম দিতে হবে')
    expect(problemSentence(bengaliWords, 'স্বাদ', { keyword: 'minItems', limit: 1 })).toBe('স্বাদ দিতে হবে')
  })

  it('takes every text it leaves out from the schema, and the server reads a build without words in English', () => {
    expect(DEFAULT_FORM_WORDS.form.honeypotLabel).toBe('Website')
    expect(DEFAULT_FORM_WORDS.mail.received).toBe('Received')
    expect(DEFAULT_FORM_WORDS.locale).toBe('en')
  })
})

describe('a moment in the site locale (site/locale-format.ts)', () => {
  it('writes the date and the 24-hour time of the given zone, with no AM/PM of another script', () => {
    expect(localDateTime('2026-12-05T09:34:00.000Z', 'en-IN', 'Asia/Kolkata')).toBe('5 December 2026 at 15:04')
    expect(localDateTime('2026-12-05T09:34:00.000Z', 'bn-IN', 'Asia/Kolkata')).toMatch(/^৫ ডিসেম্বর,? ২০২৬.*১৫:০৪$/)
    expect(localDateTime('not a time', 'bn-IN', 'Asia/Kolkata')).toBe('not a time')
  })
})
