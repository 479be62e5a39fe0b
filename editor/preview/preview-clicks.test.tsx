import { fireEvent } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Block } from '../../site/generated/site-config'
import type { PreviewKey, PreviewPick } from './preview-message'
import { pickOnClick } from './preview-clicks'
import { previewStore } from './preview-store'

const sent: (PreviewPick | PreviewKey)[] = []
beforeAll(() => pickOnClick((message) => sent.push(message)))

const block = { type: 'ctaBand', heading: 'Talk to an engineer', actions: [{ label: 'Call us', to: '/contact' }] } as unknown as Block
beforeEach(() => {
  sent.length = 0
  // Whatever an earlier test's click held ends as the focus leaves.
  fireEvent.blur(window)
  previewStore.set({ path: '/', blocks: [block], selected: null, field: [] })
  document.body.innerHTML = '<div data-editor-block="0"><section tabindex="-1"><h2>Talk to an engineer</h2><a href="/contact">Call us</a></section></div>'
  // The frame has the focus after a click in it, until the editor moves it to a field.
  document.querySelector('section')!.focus()
})

/** Types keys in the frame; returns which of them the page itself got. */
function typeInFrame(...keys: string[]) {
  return keys.filter((key) => fireEvent.keyDown(document.querySelector('section')!, { key }))
}

describe('pickOnClick: a click in the preview opens the field clicked, and the keys typed next follow it', () => {
  it('tells the editor which field holds the text clicked, and follows no link', () => {
    expect(fireEvent.click(document.querySelector('a')!)).toBe(false)
    expect(sent).toEqual([{ type: 'editor-preview-pick', block: 0, field: ['actions', 0, 'label'] }])
  })

  it('keeps the keys that edit a text from the page while the field opens, and sends them in order', () => {
    fireEvent.click(document.querySelector('h2')!)
    expect(typeInFrame('S', 'e', 'Backspace', 'Tab')).toEqual(['Tab'])
    expect(sent.slice(1)).toEqual(['S', 'e', 'Backspace'].map((key) => ({ type: 'editor-preview-key', key })))
  })

  it('holds no key once the focus has left the frame (the editor focused the field)', () => {
    fireEvent.click(document.querySelector('h2')!)
    fireEvent.blur(window)
    expect(typeInFrame('S')).toEqual(['S'])
    expect(sent).toHaveLength(1)
  })

  it('holds no key after a click on no text, which opens no field', () => {
    fireEvent.click(document.querySelector('section')!)
    expect(sent).toEqual([{ type: 'editor-preview-pick', block: 0, field: [] }])
    expect(typeInFrame('S')).toEqual(['S'])
  })
})
