import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom lacks the browser APIs Mantine and the motion blocks rely on; give them inert versions.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
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

afterEach(() => cleanup())
