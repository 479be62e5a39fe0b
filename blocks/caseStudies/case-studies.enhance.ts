import type { Enhancer } from '../../kit/enhancer'

const TOGGLE = '[data-read-more]'

/**
 * The Read more / Show less buttons of a case studies block (CaseStudyCard.tsx), one listener for
 * all its cards: a button's aria-expanded says whether the description it controls is open, the
 * description's data-expanded lifts the CSS line clamp, and the button's first words come from its
 * data-read-more and data-show-less. Undoing it closes every card again.
 */
const enhanceCaseStudies: Enhancer = (root) => {
  const toggle = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(TOGGLE) : null
    if (button && root.contains(button)) setExpanded(root, button, button.getAttribute('aria-expanded') !== 'true')
  }
  root.addEventListener('click', toggle)
  return () => {
    root.removeEventListener('click', toggle)
    root.querySelectorAll<HTMLElement>(TOGGLE).forEach((button) => setExpanded(root, button, false))
  }
}

function setExpanded(root: HTMLElement, button: HTMLElement, expanded: boolean) {
  button.setAttribute('aria-expanded', String(expanded))
  root.querySelector(`[id="${button.getAttribute('aria-controls')}"]`)?.toggleAttribute('data-expanded', expanded)
  // The button's first text node holds its visible word; the text node itself, because React still holds it in dev and the editor's preview.
  const word = button.firstChild
  if (word?.nodeType === Node.TEXT_NODE) word.nodeValue = `${expanded ? button.dataset.showLess : button.dataset.readMore} `
}

export default enhanceCaseStudies
