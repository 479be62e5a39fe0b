import { asTextField, typeKey } from './typed-key'

/**
 * The editor's side of a click in the preview (the preview's is held-keys.ts): the keys the
 * preview held while the field clicked was opening are kept, in the order they were typed, and
 * once the field has the focus it gets the caret where the author clicked (at the end of its text
 * when the preview could not tell) and then those keys. When the click opened no text field, or
 * another click came meanwhile, the keys are dropped rather than typed anywhere else.
 */
export function keyHandOver() {
  let pending: { caret: number | undefined; keys: string[] } | null = null
  return {
    /** A click in the preview is opening a field; call what it returns with the element then focused (null for none). */
    picked(caret: number | undefined): (focused: Element | null) => void {
      const current = { caret, keys: [] as string[] }
      pending = current
      return (focused) => {
        if (pending !== current) return
        pending = null
        const field = asTextField(focused)
        if (!field) return
        const at = Math.min(current.caret ?? field.value.length, field.value.length)
        field.setSelectionRange(at, at)
        for (const key of current.keys) typeKey(field, key)
      }
    },
    /** A key the preview held: it goes to the field being opened. */
    key(key: string) {
      pending?.keys.push(key)
    },
  }
}
