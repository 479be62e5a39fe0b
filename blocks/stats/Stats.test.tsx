import { MantineProvider } from '@mantine/core'
import { act, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StatsBlock } from '../../site/generated/site-config'
import { installFakeIntersectionObserver, preferReducedMotion } from '../../kit/motion/test-support/fake-intersection-observer'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import Stats from './Stats'

const [example] = schemaExamples<StatsBlock>('stats')
const figures = () => screen.getAllByRole('listitem').map((item) => item.querySelector('p')!.textContent)

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('stats block', () => {
  it('renders its schema example with the final figures in the prerendered HTML', async () => {
    const html = renderToString(
      <MantineProvider>
        <Stats {...example!} />
      </MantineProvider>,
    )
    const prerendered = document.createElement('div')
    prerendered.innerHTML = html
    expect([...prerendered.querySelectorAll('li')].map((item) => item.querySelector('p')!.textContent)).toEqual(['10+', '500+', '200+', '50+'])
    const { container } = await renderInSite(<Stats {...example!} />)
    expect(screen.getByText('Projects Delivered')).toBeTruthy()
    await expectNoAxeViolations(container)
  })

  it('counts from 0 to each target in 60 steps of 33 ms once in view', async () => {
    const viewport = installFakeIntersectionObserver()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    await renderInSite(<Stats {...example!} />)
    expect(figures()).toEqual(['0+', '0+', '0+', '0+'])
    await act(() => vi.advanceTimersByTime(2000))
    expect(figures()).toEqual(['0+', '0+', '0+', '0+'])

    viewport.scrollTo(0.5)
    await act(() => vi.advanceTimersByTime(33 * 30))
    expect(figures()).toEqual(['5+', '250+', '100+', '25+'])
    // Scrolled past mid-count: it still finishes.
    viewport.scrollTo(0)
    await act(() => vi.advanceTimersByTime(33 * 30))
    expect(figures()).toEqual(['10+', '500+', '200+', '50+'])
  })

  it('reserves the final figure width so counting never shifts the layout', async () => {
    await renderInSite(<Stats {...example!} />)
    const number = screen.getByText('Projects Delivered').previousElementSibling!.querySelector('span')!
    expect(number.style.minWidth).toBe('3ch')
  })

  it('shows the final figures at once for visitors who prefer reduced motion', async () => {
    preferReducedMotion()
    installFakeIntersectionObserver()
    await renderInSite(<Stats {...example!} />)
    expect(figures()).toEqual(['10+', '500+', '200+', '50+'])
  })
})
