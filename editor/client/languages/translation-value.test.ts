import { describe, expect, it } from 'vitest'
import { firstText, textInLanguage, withTranslation } from './translation-value'

const languages = ['en', 'bn']

describe('a text’s value, one language at a time', () => {
  it('reads a plain string as the default language’s, and translations by their language', () => {
    expect(textInLanguage('About', 'en', languages)).toBe('About')
    expect(textInLanguage('About', 'bn', languages)).toBe('')
    expect(textInLanguage({ en: 'About', bn: 'আমাদের কথা' }, 'bn', languages)).toBe('আমাদের কথা')
    expect(textInLanguage(undefined, 'en', languages)).toBe('')
  })

  it('writes a plain string while only the default language has words, translations in the site’s order once another has', () => {
    expect(withTranslation(undefined, 'en', 'About', languages)).toBe('About')
    expect(withTranslation('About', 'en', 'About us', languages)).toBe('About us')
    expect(Object.keys(withTranslation({ bn: 'কথা' }, 'en', 'About', languages) as object)).toEqual(['en', 'bn'])
    expect(withTranslation('About', 'bn', 'আমাদের কথা', languages)).toEqual({ en: 'About', bn: 'আমাদের কথা' })
    expect(withTranslation({ en: 'About', bn: 'আমাদের কথা' }, 'bn', '', languages)).toBe('About')
    expect(withTranslation({ en: 'About', bn: 'আমাদের কথা' }, 'en', '', languages)).toEqual({ bn: 'আমাদের কথা' })
    expect(withTranslation({ bn: 'আমাদের কথা' }, 'bn', '', languages)).toBeUndefined()
  })

  it('keeps a key the site has no language for, for the checker to name, rather than losing its words', () => {
    expect(withTranslation({ en: 'About', hi: 'हमारे बारे में' }, 'bn', 'আমাদের কথা', languages)).toEqual({ en: 'About', bn: 'আমাদের কথা', hi: 'हमारे बारे में' })
  })

  it('names a page by its first text however its title is written', () => {
    expect(firstText('About')).toBe('About')
    expect(firstText({ en: 'About', bn: 'আমাদের কথা' })).toBe('About')
    expect(firstText(undefined)).toBe('')
  })
})
