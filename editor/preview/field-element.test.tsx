import { describe, expect, it } from 'vitest'
import { elementOfField } from './field-element'

const strip = {
  type: 'logoStrip',
  heading: 'Our partners',
  durationSeconds: 30,
  logos: [
    { src: '/_editor/pictures/partners/a.svg', alt: 'Acme', width: 160, height: 60 },
    { src: '/_editor/pictures/partners/b.svg', alt: 'Beta', width: 160, height: 60 },
    { src: '', alt: '', width: 160, height: 60 },
  ],
}

function rendered() {
  document.body.innerHTML = `<div data-editor-block="0"><section><header><h2>Our partners</h2></header><ul>
    <li><img src="/_editor/pictures/partners/a.svg" alt="Acme"></li><li><img src="/_editor/pictures/partners/b.svg" alt="Beta"></li></ul></section></div>`
  return document.body.firstElementChild!
}

describe('elementOfField: what the preview points out for the field the author is on', () => {
  it('is the innermost element showing a text field’s words', () => {
    expect(elementOfField(rendered(), strip, ['heading'])?.tagName).toBe('H2')
  })

  it('is a logo’s picture for any part of it: the logo, its address, its name, its size', () => {
    const wrapper = rendered()
    for (const field of [
      ['logos', 1],
      ['logos', 1, 'src'],
      ['logos', 1, 'alt'],
      ['logos', 1, 'width'],
    ])
      expect(elementOfField(wrapper, strip, field)?.getAttribute('alt'), field.join('.')).toBe('Beta')
  })

  it('is nothing for a logo without a picture yet, a setting the page shows no text for, or the block as a whole', () => {
    const wrapper = rendered()
    expect(elementOfField(wrapper, strip, ['logos', 2, 'src'])).toBeNull()
    expect(elementOfField(wrapper, strip, ['durationSeconds'])).toBeNull()
    expect(elementOfField(wrapper, strip, [])).toBeNull()
  })
})
