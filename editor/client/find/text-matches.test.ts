import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import { problemPlace } from '../save/problem-place'
import { setIn } from '../state/json-path'
import { siteTexts } from './site-texts'
import { findMatches, replaceMatches, snippetOf } from './text-matches'

const config = siteConfig as unknown as SiteConfig
const phone = config.site.phone
const placesOf = (found: { path: (string | number)[] }[], within = config) => found.map((match) => problemPlace(match.path, within).join(' › '))

describe('the texts find and replace searches', () => {
  const texts = siteTexts(config)
  const paths = new Set(texts.map((text) => JSON.stringify(text.path)))
  const has = (path: (string | number)[]) => paths.has(JSON.stringify(path))
  const home = config.routes.findIndex((route) => route.path === '/')

  it('are the words of every site setting and every page', () => {
    expect(has(['site', 'phone'])).toBe(true)
    expect(has(['site', 'offices', 0, 'address'])).toBe(true)
    expect(has(['footer', 'columns', 0, 'title'])).toBe(true)
    expect(has(['routes', home, 'title'])).toBe(true)
    expect(has(['routes', home, 'description'])).toBe(true)
    expect(has(['routes', home, 'blocks', 0, 'slides', 0, 'title'])).toBe(true)
    expect(texts.length).toBeGreaterThan(1000)
  })

  it('leave out what is not words: ids, block types, icons, links, pictures, addresses, and settings for the developer', () => {
    expect(has(['routes', home, 'path'])).toBe(false)
    expect(has(['routes', home, 'blocks', 0, 'type'])).toBe(false)
    expect(has(['routes', home, 'blocks', 0, 'slides', 0, 'id'])).toBe(false)
    expect(has(['site', 'logo', 'src'])).toBe(false)
    expect(has(['site', 'apiKey'])).toBe(false)
    expect(has(['site', 'url'])).toBe(false)
    expect(has(['$schema'])).toBe(false)
    expect(texts.some((text) => text.path.at(-1) === 'icon' || text.path.at(-1) === 'to')).toBe(false)
    expect(texts.some((text) => text.path.includes('payload'))).toBe(false)
  })
})

describe('finding a text across the site', () => {
  const texts = siteTexts(config)

  it('finds the phone number in the company settings, the office and a button, named as the screens name them', () => {
    const found = findMatches(texts, phone)
    expect(placesOf(found)).toEqual(
      expect.arrayContaining(['Company › Phone', 'Company › Office 1 › Phone', expect.stringMatching(/^Contact Us › 1\. Page hero › Action 2 › Label$/)]),
    )
    expect(found).toHaveLength(3)
  })

  it('ignores letter case unless asked to match it', () => {
    const texts = [{ path: ['a'], text: 'Cloud, cloud and CLOUD' }]
    expect(findMatches(texts, 'cloud').map((match) => match.start)).toEqual([0, 7, 17])
    expect(findMatches(texts, 'cloud', { matchCase: true }).map((match) => match.start)).toEqual([7])
  })

  it('takes every character as itself, so a search is never a pattern', () => {
    const texts = [{ path: ['a'], text: 'Price (net): 1.500 $ per user [monthly] \\o/' }]
    expect(findMatches(texts, '(net)')).toHaveLength(1)
    expect(findMatches(texts, '1.500 $')).toHaveLength(1)
    expect(findMatches(texts, '[monthly] \\o/')).toHaveLength(1)
    expect(findMatches(texts, '.*')).toEqual([])
    expect(findMatches(texts, '')).toEqual([])
  })

  it('keeps each match where it is written, even where lower case is longer than the capital (İ)', () => {
    const texts = [{ path: ['a'], text: 'İstanbul office, istanbul' }]
    const found = findMatches(texts, 'office')
    expect(found.map((match) => texts[0]!.text.slice(match.start, match.end))).toEqual(['office'])
  })

  it('shows each match in the words around it, cut at a space', () => {
    const text = 'Our engineers answer the phone around the clock, every day of the year, from our Kolkata office and our Bengaluru office.'
    expect(snippetOf(findMatches([{ path: ['a'], text }], 'kolkata')[0]!, 20)).toEqual({ before: '…the year, from our ', match: 'Kolkata', after: ' office and our Bengaluru…' })
    expect(snippetOf(findMatches([{ path: ['a'], text: 'Our Kolkata office' }], 'kolkata')[0]!, 20)).toEqual({ before: 'Our ', match: 'Kolkata', after: ' office' })
  })
})

describe('replacing', () => {
  const texts = siteTexts(config)

  it('replaces every match at once and changes nothing else', () => {
    const found = findMatches(texts, phone)
    const next = replaceMatches(config, found, '+91 33 4000 9999')
    expect(findMatches(siteTexts(next), phone)).toEqual([])
    expect(placesOf(findMatches(siteTexts(next), '+91 33 4000 9999'), next)).toEqual(placesOf(found))
    let expected = config
    for (const match of found) expected = setIn(expected, match.path, match.text.replace(phone, '+91 33 4000 9999'))
    expect(next).toEqual(expected)
    // The untouched parts are the very same objects: the editor sees only the changed fields as changed.
    expect(next.routes[0]).toBe(config.routes[0])
    expect(next.navigation).toBe(config.navigation)
  })

  it('replaces just the one match asked for, in a text that has several', () => {
    const one = { ...config, site: { ...config.site, blurb: 'Cloud first. cloud always. CLOUD!' } }
    const found = findMatches(siteTexts(one), 'cloud').filter((match) => match.path.join('.') === 'site.blurb')
    expect(replaceMatches(one, [found[1]!], 'sky').site.blurb).toBe('Cloud first. sky always. CLOUD!')
    expect(replaceMatches(one, found, 'sky').site.blurb).toBe('sky first. sky always. sky!')
  })

  it('writes the replacement as typed: "$&" or "$1" are not patterns, and markup stays text', () => {
    const found = findMatches(texts, phone)
    const next = replaceMatches(config, found, '$& $1 $$ <script>alert(1)</script>')
    expect(next.site.phone).toBe('$& $1 $$ <script>alert(1)</script>')
  })
})
