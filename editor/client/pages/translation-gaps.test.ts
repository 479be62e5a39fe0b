import { describe, expect, it } from 'vitest'
import { missingTranslations } from '../../../authoring/translations/missing-translations'
import { schemaFiles } from '../../schema-files'
import { setIn } from '../state/json-path'
import { inEnglishAndBengali } from '../test-support/two-languages'
import { translationGaps } from './translation-gaps'

const twoLanguages = inEnglishAndBengali()
const about = twoLanguages.routes.findIndex((route) => route.path === '/about')
const home = twoLanguages.routes.findIndex((route) => route.path === '/')
const withBengaliTitles = setIn(setIn(twoLanguages, ['routes', about, 'title'], { en: 'About Us', bn: 'আমাদের কথা' }), ['routes', home, 'title'], { en: 'Home', bn: 'প্রথম পাতা' })

/** The gaps as the editor sorts them, flattened back into the checker's list, in the same order. */
const flattened = (config: typeof twoLanguages) => {
  const gaps = translationGaps(config)
  return [...gaps.pages.values(), ...gaps.screens.values()].flatMap((part) => part.texts).map((gap) => JSON.stringify(gap))
}
const walkedWhole = (config: typeof twoLanguages) => missingTranslations(config, schemaFiles).map((gap) => JSON.stringify(gap))

describe('the missing translations by page and screen', () => {
  it('are every missing translation the whole config has, each page’s at its index', () => {
    expect(flattened(withBengaliTitles).toSorted()).toEqual(walkedWhole(withBengaliTitles).toSorted())
    const gaps = translationGaps(withBengaliTitles)
    expect([...gaps.pages.keys()].toSorted()).toEqual([home, about].toSorted())
    expect(gaps.pages.get(about)!.languages).toEqual(['bn'])
    expect(gaps.screens.get('menu')!.texts.length).toBeGreaterThan(0)
  })

  it('stay right after an edit, a page moved, and the site’s languages changed, though pages are remembered', () => {
    const edited = setIn(withBengaliTitles, ['routes', about, 'description'], { en: 'Who we are.', bn: 'আমরা কারা।' })
    expect(flattened(edited).toSorted()).toEqual(walkedWhole(edited).toSorted())
    expect(translationGaps(edited).pages.get(about)!.texts.length).toBe(translationGaps(withBengaliTitles).pages.get(about)!.texts.length - 1)
    const moved = { ...edited, routes: [edited.routes[about]!, ...edited.routes.filter((_, index) => index !== about)] }
    expect(flattened(moved).toSorted()).toEqual(walkedWhole(moved).toSorted())
    const third = setIn(edited, ['site', 'locales'], ['en', 'bn', 'hi'])
    expect(flattened(third).toSorted()).toEqual(walkedWhole(third).toSorted())
    expect(translationGaps(third).pages.get(home)!.languages).toEqual(['bn'])
    expect(translationGaps(setIn(edited, ['site', 'locales'], undefined)).pages.size).toBe(0)
  })
})
