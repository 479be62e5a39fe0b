import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { fakeMatchMedia } from '../../kit/motion/test-support/fake-intersection-observer'

// jsdom lacks the browser APIs Mantine and the motion blocks rely on; give them inert versions.
if (!window.matchMedia) window.matchMedia = fakeMatchMedia(() => false)
if (!('ResizeObserver' in window)) {
  Object.assign(window, {
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  })
}
if (!('IntersectionObserver' in window)) {
  Object.assign(window, {
    IntersectionObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return []
      }
    },
  })
}
window.scrollTo = () => {}
// Mantine's growing text area measures again when web fonts finish loading.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() })

afterEach(() => cleanup())
