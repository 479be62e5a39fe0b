import type { Enhancer } from '../../../kit/enhancer'
import { prefersReducedMotion } from '../../../kit/motion/reduced-motion'

/** The footer's "back to top" button scrolls the page to its top: smoothly, or at once with reduced motion. */
const enhanceBackToTop: Enhancer = (button) => {
  const toTop = () => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  button.addEventListener('click', toTop)
  return () => button.removeEventListener('click', toTop)
}
export default enhanceBackToTop
