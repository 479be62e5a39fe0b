import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StatsBlock } from '../../site/generated/site-config'
import { installFakeIntersectionObserver, preferReducedMotion } from '../../kit/motion/test-support/fake-intersection-observer'
import { schemaExamples } from '../../tests/helpers/render-block'
import enhanceStats from './stats.enhance'
import Stats from './Stats'

const [example] = schemaExamples<StatsBlock>('stats')

/** The block as a built page has it: its prerendered HTML and no React, the section being the root the page enhances. */
function builtPage(block: StatsBlock = example!) {
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = renderToStaticMarkup(<Stats {...block} />)
  return container.querySelector('section')!
}
const figures = (root: HTMLElement) => [...root.querySelectorAll('li')].map((item) => item.querySelector('p')!.textContent)

afterEach(() => {
  document.body.replaceChildren()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the stats count-up on a built page', () => {
  it('counts from 0 to each figure in 60 steps of 33 ms once in view, and finishes when scrolled past', () => {
    const viewport = installFakeIntersectionObserver()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const root = builtPage()
    expect(figures(root)).toEqual(['10+', '500+', '200+', '50+'])

    enhanceStats(root)
    expect(figures(root)).toEqual(['0+', '0+', '0+', '0+'])
    vi.advanceTimersByTime(2000)
    expect(figures(root)).toEqual(['0+', '0+', '0+', '0+'])

    viewport.scrollTo(0.5)
    vi.advanceTimersByTime(33 * 30)
    expect(figures(root)).toEqual(['5+', '250+', '100+', '25+'])
    viewport.scrollTo(0)
    vi.advanceTimersByTime(33 * 30)
    expect(figures(root)).toEqual(['10+', '500+', '200+', '50+'])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('keeps the width of the final figure while counting, so nothing around it moves', () => {
    const viewport = installFakeIntersectionObserver()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const root = builtPage({ ...example!, items: [{ label: 'Customers', value: 12000, suffix: '+' }] })
    enhanceStats(root)
    viewport.scrollTo(1)
    vi.advanceTimersByTime(33 * 30)
    const number = root.querySelector('li span') as HTMLElement
    expect(number.textContent).toBe('6,000')
    expect(number.style.minWidth).toBe('6ch')
  })

  it("counts in the site's own digits", () => {
    const viewport = installFakeIntersectionObserver()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const root = builtPage({ ...example!, items: [{ label: 'Customers', value: 200000, suffix: '+' }] })
    // What a Bengali site's build writes (site.locale bn-IN).
    root.querySelector('ul')!.dataset.locale = 'bn-IN'
    enhanceStats(root)
    viewport.scrollTo(1)
    vi.advanceTimersByTime(33 * 30)
    expect(figures(root)).toEqual(['১,০০,০০০+'])
  })

  it('leaves the final figures for visitors who prefer reduced motion, and where IntersectionObserver is missing', () => {
    preferReducedMotion()
    installFakeIntersectionObserver()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const calm = builtPage()
    enhanceStats(calm)
    vi.advanceTimersByTime(5000)
    expect(figures(calm)).toEqual(['10+', '500+', '200+', '50+'])

    vi.unstubAllGlobals()
    vi.stubGlobal('IntersectionObserver', undefined)
    const old = builtPage()
    enhanceStats(old)
    expect(figures(old)).toEqual(['10+', '500+', '200+', '50+'])
  })

  it('undoing it stops the count and puts the final figures back', () => {
    const viewport = installFakeIntersectionObserver()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const root = builtPage()
    const undo = enhanceStats(root)
    viewport.scrollTo(1)
    vi.advanceTimersByTime(33 * 10)
    undo()
    expect(figures(root)).toEqual(['10+', '500+', '200+', '50+'])
    expect(vi.getTimerCount()).toBe(0)
  })
})
