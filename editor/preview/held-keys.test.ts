import { describe, expect, it } from 'vitest'
import { heldKey } from './held-keys'

const press = (key: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) =>
  heldKey({ key, ctrlKey: false, metaKey: false, altKey: false, ...modifiers })

describe('heldKey: the keys a click in the preview holds for the field it opens', () => {
  it('holds characters, any language’s, and the keys that edit a text', () => {
    expect(['S', ' ', 'é', 'ß', '€', '😀'].map((key) => press(key))).toEqual(['S', ' ', 'é', 'ß', '€', '😀'])
    expect(['Backspace', 'Delete', 'Enter'].map((key) => press(key))).toEqual(['Backspace', 'Delete', 'Enter'])
    expect(press('@', { ctrlKey: true, altKey: true })).toBe('@') // AltGr
  })

  it('holds Ctrl+A and ⌘A as select-all, and leaves every other key to the page', () => {
    expect(press('a', { ctrlKey: true })).toBe('SelectAll')
    expect(press('A', { metaKey: true })).toBe('SelectAll')
    expect([press('z', { ctrlKey: true }), press('Tab'), press('Escape'), press('ArrowLeft'), press('Shift')]).toEqual([null, null, null, null, null])
  })
})
