import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState, type ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EditedPlace } from '../../kit/motion/edited-item'
import type { HeroCarouselBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, hydrateInSite, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import HeroCarousel from './HeroCarousel'
import SlideshowEngine from './SlideshowEngine'

const [example] = schemaExamples<HeroCarouselBlock>('heroCarousel')
const slides = example!.slides

function currentSlide(): number {
  const dots = screen.getAllByRole('button', { name: /^Show slide/ })
  return dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true')
}

async function renderCarousel(props: Partial<HeroCarouselBlock> = {}, element: ReactElement = <HeroCarousel {...example!} {...props} />) {
  // Fake only the timers, before rendering, so the first slide's timer is under the test's control.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
  const result = await renderInSite(element)
  // Embla's chunk loads after hydration: let it arrive, then check that it took over the slides.
  await act(async () => void (await import('./SlideshowEngine')))
  await act(async () => {})
  const opacities = [...result.container.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')].map((slide) => slide.style.opacity)
  expect(
    opacities.filter((opacity) => opacity === '1'),
    'Embla (Fade plugin) runs the slides',
  ).toHaveLength(1)
  return result
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('heroCarousel block', () => {
  it('renders its schema example: the first slide shown, its title the only h1, every slide in the HTML', async () => {
    const { container } = await renderCarousel()
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([slides[0]!.title])
    // Later slides are present for search engines but hidden from screen readers while inactive.
    for (const slide of slides.slice(1)) expect(screen.getByRole('heading', { name: slide.title, hidden: true })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: slides[1]!.title })).toBeNull()
    expect(screen.getByRole('link', { name: 'Get Started Today' }).getAttribute('href')).toBe('/contact')
    expect(screen.getByText('40% OFF', { ignore: false })).toBeTruthy()
    expect(currentSlide()).toBe(0)
    vi.useRealTimers()
    await expectNoAxeViolations(container)
  })

  it('moves to the next slide every intervalMs and wraps around after the last', async () => {
    await renderCarousel()
    await advance(4999)
    expect(currentSlide()).toBe(0)
    await advance(1)
    expect(currentSlide()).toBe(1)
    for (let index = 2; index <= slides.length; index++) {
      await advance(5000)
      expect(currentSlide()).toBe(index % slides.length)
    }
  })

  it('jumps to a slide when its dot is clicked, then waits a full interval', async () => {
    await renderCarousel()
    await advance(3000)
    fireEvent.click(screen.getByRole('button', { name: `Show slide 3 of 3: ${slides[2]!.title}` }))
    expect(currentSlide()).toBe(2)
    expect(screen.getByRole('heading', { name: slides[2]!.title })).toBeTruthy()
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Highlights' }))
    fireEvent.blur(screen.getByRole('button', { name: /Show slide 3/ }))
    await advance(4999)
    expect(currentSlide()).toBe(2)
    await advance(1)
    expect(currentSlide()).toBe(0)
  })

  it('moves with the arrow keys, wrapping around both ends', async () => {
    await renderCarousel()
    const carousel = screen.getByRole('region', { name: 'Highlights' })
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' })
    expect(currentSlide()).toBe(slides.length - 1)
    fireEvent.keyDown(carousel, { key: 'ArrowRight' })
    fireEvent.keyDown(carousel, { key: 'ArrowRight' })
    expect(currentSlide()).toBe(1)
    fireEvent.keyDown(carousel, { key: 'Enter' })
    expect(currentSlide()).toBe(1)
  })

  it('pauses while hovered or while focus is inside, and resumes afterwards', async () => {
    await renderCarousel()
    const carousel = screen.getByRole('region', { name: 'Highlights' })
    fireEvent.mouseEnter(carousel)
    await advance(20000)
    expect(currentSlide()).toBe(0)
    fireEvent.mouseLeave(carousel)
    fireEvent.focus(screen.getByRole('link', { name: 'Get Started Today' }))
    await advance(20000)
    expect(currentSlide()).toBe(0)
    fireEvent.blur(screen.getByRole('link', { name: 'Get Started Today' }))
    await advance(5000)
    expect(currentSlide()).toBe(1)
  })

  it('stays still for visitors who prefer reduced motion and offers them a Play button', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }))
    await renderCarousel()
    await advance(20000)
    expect(currentSlide()).toBe(0)
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy()
  })

  it('in the editor’s preview, shows the slide whose field is being edited, and follows the author to another', async () => {
    let edit = (_place: (string | number)[]) => {}
    function Edited() {
      const [place, setPlace] = useState<(string | number)[]>(['slides', 2, 'title'])
      edit = setPlace
      return (
        <EditedPlace.Provider value={place}>
          <HeroCarousel {...example!} />
        </EditedPlace.Provider>
      )
    }
    await renderCarousel({}, <Edited />)
    expect(currentSlide()).toBe(2)
    await act(async () => edit(['slides', 1, 'subtitle']))
    expect(currentSlide()).toBe(1)
    // A field of no slide leaves the slide shown.
    await act(async () => edit(['actions', 0, 'label']))
    expect(currentSlide()).toBe(1)
  })

  it('offers a pause button that stops the rotation', async () => {
    await renderCarousel()
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    fireEvent.blur(screen.getByRole('button', { name: 'Play slideshow' }))
    await advance(20000)
    expect(currentSlide()).toBe(0)
  })

  describe('with one slide', () => {
    const onlySlide = slides[0]!
    const loggedErrors = () => {
      const logged: string[] = []
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
      return logged
    }
    afterEach(() => vi.restoreAllMocks())

    it('is a still banner in the prerendered HTML and stays one after hydration, without an error', async () => {
      const logged = loggedErrors()
      const { container, prerendered } = await hydrateInSite(<HeroCarousel {...example!} slides={[onlySlide]} />)
      const beforeScripts = document.createElement('div')
      beforeScripts.innerHTML = prerendered
      expect(beforeScripts.querySelector('h1')?.textContent).toBe(onlySlide.title)
      expect(beforeScripts.querySelector('button'), 'no dots, no pause button').toBeNull()

      // Whatever the banner would load after hydration has arrived and run.
      await act(() => vi.dynamicImportSettled())
      expect(logged).toEqual([])
      expect(screen.getByRole('heading', { level: 1, name: onlySlide.title })).toBeTruthy()
      expect(screen.getByText(onlySlide.subtitle)).toBeTruthy()
      expect(screen.getByRole('link', { name: 'Get Started Today' })).toBeTruthy()
      expect(screen.queryAllByRole('button')).toEqual([])
      // Not announced as "carousel" or "slide 1 of 1": there is nothing to turn.
      expect(container.querySelector('[aria-roledescription]')).toBeNull()
      const arrow = fireEvent.keyDown(screen.getByRole('link', { name: 'Get Started Today' }), { key: 'ArrowRight' })
      expect(arrow, 'the arrow keys are left to the page').toBe(true)
      await expectNoAxeViolations(container)
    })

    it('leaves the engine idle if it meets a single slide, instead of throwing and blanking the page', async () => {
      const logged = loggedErrors()
      const viewport = document.body.appendChild(document.createElement('div'))
      viewport.innerHTML = '<div><div>The only slide</div></div>'
      const onReady = vi.fn()
      const props = { viewport, intervalMs: 5000, onSelect: () => {}, onReady }
      const { rerender } = render(<SlideshowEngine {...props} running />)
      await act(async () => {})
      rerender(<SlideshowEngine {...props} running={false} />)
      rerender(<SlideshowEngine {...props} running />)
      expect(logged).toEqual([])
      expect(onReady).toHaveBeenCalled()
      viewport.remove()
    })
  })
})
