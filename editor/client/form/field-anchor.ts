import { pathKey, type JsonPath } from '../state/json-path'

/** The attribute each generated field carries: its place in the config, as pathKey writes it. */
const FIELD_PATH_ATTRIBUTE = 'data-field-path'

export const fieldAnchor = (path: JsonPath) => ({ [FIELD_PATH_ATTRIBUTE]: pathKey(path) })

/**
 * Scrolls to the field at `path` (or the nearest enclosing field shown) and focuses its first
 * input. A field's wrapper has no box of its own (display: contents), so its first element child
 * is what is scrolled to. Returns false when no field of that place, or above it, is on screen.
 */
export function goToField(path: JsonPath, root: ParentNode = document): boolean {
  for (let length = path.length; length > 0; length--) {
    const wrapper = root.querySelector(`[${FIELD_PATH_ATTRIBUTE}="${CSS.escape(pathKey(path.slice(0, length)))}"]`)
    const shown = wrapper?.firstElementChild
    if (!shown) continue
    shown.scrollIntoView({ block: 'center' })
    wrapper.querySelector<HTMLElement>('input, textarea, select, button, [tabindex]:not([tabindex="-1"])')?.focus({ preventScroll: true })
    return true
  }
  return false
}
