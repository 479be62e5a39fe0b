import { holdKeysAfterClicks } from './held-keys'
import type { PreviewKey, PreviewPick } from './preview-message'
import { previewStore } from './preview-store'
import { placeAtClick, type TextPoint } from './text-field'

/** The place in the page's text under the pointer, as the browser puts a caret there. */
function textPointAt(x: number, y: number): TextPoint | null {
  const position = document.caretPositionFromPoint?.(x, y)
  return position ? { node: position.offsetNode, offset: position.offset } : null
}

/**
 * The preview is for editing, not visiting: a click follows no link and sends no form; a click in
 * a block tells the editor which block, which of its fields holds the text clicked and where in it,
 * so it can open that field with the caret there, and the keys typed meanwhile follow (held-keys.ts).
 * The page's own controls (menus, carousel dots) still answer clicks.
 */
export function pickOnClick(send: (message: PreviewPick | PreviewKey) => void) {
  const holdKeys = holdKeysAfterClicks(send)
  document.addEventListener(
    'click',
    (event) => {
      // Before the page's own handlers (capture, on the document): a router link sees the click
      // handled and stays; a plain link or a submit button does nothing.
      event.preventDefault()
      const target = event.target instanceof Element ? event.target : null
      const wrapper = target?.closest('[data-editor-block]')
      const page = previewStore.get()
      if (!target || !wrapper || !page) return
      const block = Number(wrapper.getAttribute('data-editor-block'))
      const { field, caret } = placeAtClick(target, wrapper, page.blocks[block], textPointAt(event.clientX, event.clientY))
      send({ type: 'editor-preview-pick', block, field, ...(caret === undefined ? {} : { caret }) })
      // The editor heard it at once and may have focused the field already; else its form is
      // still opening, and the keys typed meanwhile are held from now on.
      if (field.length > 0 && document.hasFocus()) holdKeys()
    },
    { capture: true },
  )
  // A middle click would open a link in a new tab; Enter in a field would send its form.
  document.addEventListener('auxclick', (event) => event.preventDefault(), { capture: true })
  document.addEventListener(
    'submit',
    (event) => {
      event.preventDefault()
      event.stopPropagation()
    },
    { capture: true },
  )
}
