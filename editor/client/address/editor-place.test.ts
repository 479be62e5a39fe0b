import { describe, expect, it } from 'vitest'
import { editorPageAt } from '../../server/editor-paths'
import { addressOf, placeAt, STARTING_PLACE, type EditorPlace } from './editor-place'

const page = (path: string, block: number | null = null): EditorPlace => ({ page: path, screen: null, block })

describe('the editor’s addresses', () => {
  it('write a page with its open block (numbered as the list shows it) and a screen, and read them back', () => {
    const places: [EditorPlace, string][] = [
      [page('/about', 2), '/_editor/page/about?block=3'],
      [page('/'), '/_editor/page/'],
      [page('/security_solutions/zero_trust'), '/_editor/page/security_solutions/zero_trust'],
      [{ page: '/about', screen: 'menu', block: null }, '/_editor/screen/menu'],
      [STARTING_PLACE, '/_editor'],
    ]
    for (const [place, address] of places) {
      expect(addressOf(place)).toBe(address)
      const url = new URL(address, 'http://editor.test')
      expect(placeAt(url.pathname, url.search, { page: '/about', screen: null, block: null })).toEqual(place.screen ? place : place.page === null ? STARTING_PLACE : place)
    }
  })

  it('keep the page shown while a screen is open, so the preview goes on showing it', () => {
    expect(placeAt('/_editor/screen/footer', '', page('/contact', 1))).toEqual({ page: '/contact', screen: 'footer', block: null })
  })

  it('escape what a page address could hold, and read an address they cannot make sense of as the first page', () => {
    const odd = page('/a b/<script>?x=1#y')
    const url = new URL(addressOf(odd), 'http://editor.test')
    expect(url.pathname.startsWith('/_editor/page/')).toBe(true)
    expect(url.search).toBe('')
    expect(placeAt(url.pathname, url.search)).toEqual(odd)
    expect(placeAt('/_editor/page/%E0%A4%A', '')).toEqual(STARTING_PLACE)
    expect(placeAt('/_editor/nothing-here', '')).toEqual(STARTING_PLACE)
    for (const search of ['?block=0', '?block=-1', '?block=2e3', '?block=abc', '?block=99999999']) expect(placeAt('/_editor/page/about', search).block).toBeNull()
  })

  it('are each answered with the editor’s page by the server, as /_editor is', () => {
    for (const address of ['/_editor/page/about', '/_editor/page/', '/_editor/page', '/_editor/screen/menu', '/_editor/screen/menu/'])
      expect(editorPageAt(address)).toBe('index.html')
    expect(editorPageAt('/_editor/preview')).toBe('preview/index.html')
    for (const address of ['/_editor/pages/about', '/_editor/pagex', '/_editor/api/document', '/_editor/screens']) expect(editorPageAt(address)).toBeUndefined()
  })
})
