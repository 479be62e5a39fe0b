type TextField = HTMLInputElement | HTMLTextAreaElement

/** A field that takes typing with a caret: a text input or a text area, not a checkbox or a number. */
export function asTextField(element: Element | null): TextField | null {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || element.readOnly || element.disabled) return null
  // Inputs without a caret (checkbox, number, colour) have no selection to type at.
  return element.selectionStart === null ? null : element
}

/**
 * Types a key the preview held back (held-keys.ts) into the field, as the browser would have: a
 * character at the caret or over the selection, Backspace and Delete, Enter in a text area, and
 * SelectAll. The field hears it as typing (an input event), so the form takes the change.
 */
export function typeKey(field: TextField, key: string): void {
  if (key === 'SelectAll') return field.select()
  const start = field.selectionStart ?? field.value.length
  const end = field.selectionEnd ?? start
  const edit = (text: string, from: number, to: number, inputType: string) => {
    field.setRangeText(text, from, to, 'end')
    field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType, data: text || null }))
  }
  if (key === 'Backspace') return edit('', start === end ? Math.max(0, start - 1) : start, end, 'deleteContentBackward')
  if (key === 'Delete') return edit('', start, start === end ? Math.min(field.value.length, end + 1) : end, 'deleteContentForward')
  if (key === 'Enter') return field instanceof HTMLTextAreaElement ? edit('\n', start, end, 'insertLineBreak') : undefined
  edit(key, start, end, 'insertText')
}
