import type { PreviewPick } from './preview-message'
import { previewStore } from './preview-store'
import { fieldAtClick } from './text-field'

/**
 * The preview is for editing, not visiting: a click follows no link and sends no form; a click in
 * a block tells the editor which block, and which of its fields holds the text clicked, so it can
 * open that field. The page's own controls (menus, carousel dots) still answer clicks.
 */
export function pickOnClick(send: (pick: PreviewPick) => void) {
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
      send({ type: 'editor-preview-pick', block, field: fieldAtClick(target, wrapper, page.blocks[block]) })
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
