import { pathKey, type JsonPath } from '../state/json-path'

/** The attribute each generated field carries: its place in the config, as pathKey writes it. */
const FIELD_PATH_ATTRIBUTE = 'data-field-path'

export const fieldAnchor = (path: JsonPath) => ({ [FIELD_PATH_ATTRIBUTE]: pathKey(path) })

/** Every generated field's wrapper. */
export const FIELD_SELECTOR = `[${FIELD_PATH_ATTRIBUTE}]`

/** The place in the config of the field an element is part of; null outside every field. */
export function fieldPathOf(element: Element): JsonPath | null {
  const anchor = element.closest(FIELD_SELECTOR)
  return anchor ? (JSON.parse(anchor.getAttribute(FIELD_PATH_ATTRIBUTE)!) as JsonPath) : null
}

/**
 * How long a field may take to appear after its page, block or screen was opened, and to unfold.
 * Generous: the first opening of a large block's form on a busy machine (or under the dev server,
 * which sends the form's modules then) took over 2 s, and a field given up on loses the author's
 * click and the keys typed after it. A path with no field settles on its enclosing one long before.
 */
const appearWithinMs = 10_000
/**
 * How long an enclosing field must stay the nearest before the author is taken there instead: a
 * problem about a property the form has no input for (an unknown one) has no field of its own.
 */
const settleMs = 250
const pollMs = 30

/** The wrapper of the field at exactly `path`, when it is rendered; a wrapper has no box of its own (display: contents), so its first child is what shows. */
function renderedField(path: JsonPath, root: ParentNode): Element | undefined {
  const key = pathKey(path)
  // Compared as text rather than with a selector: a path may hold any character, and CSS.escape is missing where the forms are tested (jsdom).
  const wrapper = [...root.querySelectorAll(FIELD_SELECTOR)].find((element) => element.getAttribute(FIELD_PATH_ATTRIBUTE) === key)
  return wrapper?.firstElementChild ? wrapper : undefined
}

function nearestRenderedField(path: JsonPath, root: ParentNode): Element | undefined {
  for (let length = path.length; length > 0; length--) {
    const wrapper = renderedField(path.slice(0, length), root)
    if (wrapper) return wrapper
  }
  return undefined
}

/**
 * Opens whatever folds the field away: a closed <details>, and any collapsed part announced the
 * accessible way (a control with aria-expanded="false" and aria-controls naming a box the field
 * is in, as Mantine's Accordion and Collapse-based parts do), so no part of the editor has to
 * know about problems to be opened by one.
 */
function unfold(wrapper: Element): void {
  for (let box = wrapper.parentElement; box; box = box.parentElement) {
    if (box instanceof HTMLDetailsElement && !box.open) box.open = true
    if (!box.id) continue
    const controls = [...box.ownerDocument.querySelectorAll<HTMLElement>('[aria-controls][aria-expanded="false"]')]
    controls.find((control) => control.getAttribute('aria-controls')!.split(/\s+/).includes(box.id))?.click()
  }
}

/** Whether the field's box can be seen (jsdom, where the forms are tested, cannot tell: there it always can). */
const isVisible = (wrapper: Element) => wrapper.firstElementChild?.checkVisibility?.() ?? true

/** Scrolls to the field and focuses its input: the one marked wrong, if it has several. */
function showField(wrapper: Element): void {
  // jsdom has no scrolling.
  wrapper.firstElementChild?.scrollIntoView?.({ block: 'center' })
  const input =
    wrapper.querySelector<HTMLElement>('[aria-invalid="true"]') ?? wrapper.querySelector<HTMLElement>('input, textarea, select, button, [tabindex]:not([tabindex="-1"])')
  input?.focus({ preventScroll: true })
}

/**
 * Takes the author to the field at `path`: called right after opening the page, block or screen
 * it is on, it waits for React to render the field, unfolds any collapsed part it is in, scrolls to
 * it and focuses it. When only an enclosing field is rendered (the problem is about a property
 * that has no input), it goes to that one. Resolves with whether there was a field to go to.
 */
export function goToField(path: JsonPath, root: ParentNode = document): Promise<boolean> {
  const started = Date.now()
  let nearest: { wrapper: Element; since: number } | undefined
  let unfolded: Element | undefined
  return new Promise((resolve) => {
    const look = () => {
      const waited = Date.now() - started
      const exact = renderedField(path, root)
      const enclosing = exact ?? nearestRenderedField(path, root)
      if (enclosing !== nearest?.wrapper) nearest = enclosing && { wrapper: enclosing, since: Date.now() }
      const target = exact ?? (nearest && (Date.now() - nearest.since >= settleMs || waited >= appearWithinMs) ? nearest.wrapper : undefined)
      if (target && target !== unfolded) {
        unfold(target)
        unfolded = target
      }
      // An unfolding part may animate: the focus waits until the field can be seen, within the same time.
      if (target && (isVisible(target) || waited >= appearWithinMs)) {
        showField(target)
        resolve(true)
      } else if (waited >= appearWithinMs) resolve(false)
      else setTimeout(look, pollMs)
    }
    look()
  })
}
