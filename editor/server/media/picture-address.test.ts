import { describe, expect, it } from 'vitest'
import { editorPictureAddress, sitePictureOf, withEditorPictures } from './picture-address'

describe('the editor’s addresses of the library’s pictures', () => {
  it('shows a picture the config names from the editor’s library, and reads the address back', () => {
    expect(editorPictureAddress('/images/partners/acme.png')).toBe('/_editor/pictures/partners/acme.png')
    expect(sitePictureOf('/_editor/pictures/partners/acme.png')).toBe('/images/partners/acme.png')
    expect(sitePictureOf('/_editor/preview')).toBeUndefined()
  })

  it('leaves anything else as it is: an address on another site, a page, words', () => {
    for (const value of ['https://maps.example/embed', '/contact', 'Images of our work', '']) expect(editorPictureAddress(value)).toBe(value)
  })

  it('moves every picture of a block, and keeps the objects that hold none, so they do not render again', () => {
    const quote = { type: 'closingQuote', text: 'Thank you.' }
    const strip = { type: 'logoStrip', logos: [{ src: '/images/partners/a.svg', alt: 'A' }] }
    const page = { blocks: [quote, strip] }
    const shown = withEditorPictures(page)
    expect(shown.blocks[0]).toBe(quote)
    expect(shown.blocks[1]).toEqual({ type: 'logoStrip', logos: [{ src: '/_editor/pictures/partners/a.svg', alt: 'A' }] })
    expect(withEditorPictures(quote)).toBe(quote)
    expect(strip.logos[0]!.src).toBe('/images/partners/a.svg')
  })
})
