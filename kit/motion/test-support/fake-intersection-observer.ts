import { act } from '@testing-library/react'
import { vi } from 'vitest'

/**
 * An IntersectionObserver a test can drive: `scrollTo(visibleRatio)` tells every observed element
 * that this share of it is now on screen; `insideMargin` is the share observers with a root margin
 * (a line inside the window) see instead, e.g. 0 for a section that shows only below that line.
 */
export function installFakeIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Set<Element>; options?: IntersectionObserverInit }>()

  class FakeIntersectionObserver {
    readonly record: { callback: IntersectionObserverCallback; elements: Set<Element>; options?: IntersectionObserverInit }
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, elements: new Set(), options }
      observers.add(this.record)
    }
    observe(element: Element) {
      this.record.elements.add(element)
    }
    unobserve(element: Element) {
      this.record.elements.delete(element)
    }
    disconnect() {
      observers.delete(this.record)
    }
    takeRecords() {
      return []
    }
  }

  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)

  return {
    /** Options the code under test asked for (threshold, rootMargin). */
    options: () => [...observers].map((observer) => observer.options),
    scrollTo(visibleRatio: number, { insideMargin = visibleRatio }: { insideMargin?: number } = {}) {
      act(() => {
        for (const observer of [...observers]) {
          const ratio = observer.options?.rootMargin ? insideMargin : visibleRatio
          const entries = [...observer.elements].map((target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as IntersectionObserverEntry)
          if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver)
        }
      })
    },
  }
}

/** Makes `(prefers-reduced-motion: reduce)` match, as for a visitor who asked for less motion. */
export function preferReducedMotion() {
  vi.stubGlobal(
    'matchMedia',
    fakeMatchMedia((query) => query.includes('prefers-reduced-motion: reduce')),
  )
}

/** An inert window.matchMedia (jsdom has none) whose queries match as `matches` says. */
export const fakeMatchMedia =
  (matches: (query: string) => boolean) =>
  (query: string): MediaQueryList =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList
