import { HELD_EDITING_KEYS, KEY_HAND_OVER_MS, type PreviewKey } from './preview-message'

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>

/** The key as the preview holds it: a character, an editing key, `SelectAll` for Ctrl or ⌘ with A; null for any other, which the page keeps. */
export function heldKey({ key, ctrlKey, metaKey, altKey }: KeyPress): string | null {
  // Ctrl with Alt is AltGr on some keyboards: it types a character.
  if ((ctrlKey || metaKey) && !altKey) return key.toLowerCase() === 'a' ? 'SelectAll' : null
  if ([...key].length === 1) return key
  return (HELD_EDITING_KEYS as readonly string[]).includes(key) ? key : null
}

/**
 * After a click on a text in the preview, the editor opens the field that holds it and focuses it;
 * until then the frame has the focus, and a key typed at once would go to the page and be lost.
 * For a while after such a click (until the focus leaves the frame, or at most KEY_HAND_OVER_MS),
 * the keys that edit a text are kept from the page and sent to the editor, which types them into
 * the field once it has the focus (key-hand-over.ts). Returns what the click calls to start holding.
 */
export function holdKeysAfterClicks(send: (key: PreviewKey) => void): () => void {
  let holdUntil = 0
  document.addEventListener(
    'keydown',
    (event) => {
      if (Date.now() > holdUntil || event.isComposing) return
      const key = heldKey(event)
      if (key === null) return
      event.preventDefault()
      event.stopImmediatePropagation()
      send({ type: 'editor-preview-key', key })
    },
    { capture: true },
  )
  // The editor focused the field: from now on the keys go there themselves.
  window.addEventListener('blur', () => (holdUntil = 0))
  return () => (holdUntil = Date.now() + KEY_HAND_OVER_MS)
}
