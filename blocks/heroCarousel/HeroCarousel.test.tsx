import { MantineProvider } from '@mantine/core'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { useState, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EditedPlace } from '../../kit/motion/edited-item'
import { preferReducedMotion } from '../../kit/motion/test-support/fake-intersection-observer'
import { providedTheme } from '../../runtime/theme'
import type { HeroCarouselBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, hydrateInSite, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import HeroCarousel from './HeroCarousel'
import enhance from './hero-carousel.enhance'

const [example] = schemaExamples<HeroCarouselBlock>('heroCarousel')
const slides = example!.slides
const [interval] = [example!.intervalMs]

// Fake only the timers (Autoplay's), so Embla's animation frames still run.
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

const undoAfterTest: (() => void)[] = []
afterEach(() => {
  for (const undo of undoAfterTest.splice(0)) undo()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The banner's HTML as the build prerenders it, in the document, with no React running. */
function prerendered(props: Partial<HeroCarouselBlock> = {}) {
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = renderToStaticMarkup(
    <MantineProvider theme={providedTheme()}>
      <HeroCarousel {...example!} {...props} />
    </MantineProvider>,
  )
  undoAfterTest.push(() => container.remove())
  return container.querySelector('section')!
}

/** A built page: the prerendered banner with its enhancer run on it, as the page's script runs it. */
function builtPage(props: Partial<HeroCarouselBlock> = {}) {
  fakeTimers()
  const root = prerendered(props)
  const undo = enhance(root)
  undoAfterTest.unshift(undo)
  return { root, undo, banner: within(root) }
}

const dots = (root: HTMLElement) => within(root).getAllByRole('button', { name: /^Show slide/ })
const currentSlide = (root: HTMLElement = document.body) => dots(root).findIndex((dot) => dot.getAttribute('aria-current') === 'true')
/** The slide a visitor (and a screen reader) sees: the others are hidden from both. */
const shownTitle = (root: HTMLElement) => within(root).getByRole('heading').textContent
const liveRegion = (root: HTMLElement) => root.querySelector('[aria-live]')!.getAttribute('aria-live')

describe('heroCarousel block on a built page (its enhancer on the prerendered HTML, no React)', () => {
  it('shows the first slide, its title the only h1, every slide in the HTML, and Embla takes over the slides', async () => {
    const { root, banner } = builtPage()
    expect(banner.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([slides[0]!.title])
    // Later slides are present for search engines but hidden from screen readers and keyboard while inactive.
    for (const slide of slides.slice(1)) expect(banner.getByRole('heading', { name: slide.title, hidden: true })).toBeTruthy()
    expect(banner.queryByRole('heading', { name: slides[1]!.title })).toBeNull()
    expect(banner.getByRole('link', { name: 'Get Started Today' }).getAttribute('href')).toBe('/contact')
    expect(banner.getByText('40% OFF', { ignore: false })).toBeTruthy()
    expect(currentSlide(root)).toBe(0)
    const opacities = [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')].map((slide) => slide.style.opacity)
    expect(opacities, 'Embla (Fade plugin) runs the slides').toEqual(['1', '0', '0'])
    vi.useRealTimers()
    await expectNoAxeViolations(root)
  })

  it('moves to the next slide every intervalMs and wraps around after the last, silently for screen readers', async () => {
    const { root } = builtPage()
    expect(liveRegion(root)).toBe('off')
    await advance(interval - 1)
    expect(currentSlide(root)).toBe(0)
    await advance(1)
    expect(currentSlide(root)).toBe(1)
    expect(shownTitle(root)).toBe(slides[1]!.title)
    expect(root.querySelector('[aria-roledescription="slide"]')!.hasAttribute('inert'), 'the slide left is out of the keyboard’s reach').toBe(true)
    for (let index = 2; index <= slides.length; index++) {
      await advance(interval)
      expect(currentSlide(root)).toBe(index % slides.length)
    }
    expect(liveRegion(root)).toBe('off')
  })

  it('jumps to a slide when its dot is clicked, then waits a full interval', async () => {
    const { root, banner } = builtPage()
    await advance(3000)
    const third = banner.getByRole('button', { name: `Show slide 3 of 3: ${slides[2]!.title}` })
    third.focus()
    fireEvent.click(third)
    expect(currentSlide(root)).toBe(2)
    expect(shownTitle(root)).toBe(slides[2]!.title)
    third.blur()
    await advance(interval - 1)
    expect(currentSlide(root)).toBe(2)
    await advance(1)
    expect(currentSlide(root)).toBe(0)
  })

  it('moves with the arrow keys, wrapping around both ends, and leaves other keys to the page', async () => {
    const { root } = builtPage()
    const dot = dots(root)[0]!
    expect(fireEvent.keyDown(dot, { key: 'ArrowLeft' }), 'the arrow key does not scroll the page').toBe(false)
    expect(currentSlide(root)).toBe(slides.length - 1)
    fireEvent.keyDown(dot, { key: 'ArrowRight' })
    fireEvent.keyDown(dot, { key: 'ArrowRight' })
    expect(currentSlide(root)).toBe(1)
    expect(fireEvent.keyDown(dot, { key: 'Enter' })).toBe(true)
    expect(currentSlide(root)).toBe(1)
  })

  it('pauses while hovered or while focus is inside, announcing changes meanwhile, and resumes afterwards', async () => {
    const { root, banner } = builtPage()
    fireEvent.mouseEnter(root)
    expect(liveRegion(root)).toBe('polite')
    await advance(interval * 4)
    expect(currentSlide(root)).toBe(0)
    fireEvent.mouseLeave(root)
    const link = banner.getByRole('link', { name: 'Get Started Today' })
    link.focus()
    await advance(interval * 4)
    expect(currentSlide(root)).toBe(0)
    // Focus moving within the banner keeps it still.
    dots(root)[1]!.focus()
    await advance(interval * 2)
    expect(currentSlide(root)).toBe(0)
    dots(root)[1]!.blur()
    expect(liveRegion(root)).toBe('off')
    await advance(interval)
    expect(currentSlide(root)).toBe(1)
  })

  it('offers a pause button that stops the rotation, with the play icon, and a play button that starts it again', async () => {
    const { root, banner } = builtPage()
    const button = banner.getByRole('button', { name: 'Pause slideshow' })
    const shownIcon = () => button.querySelector(':scope > :not([hidden])')!.getAttribute('data-shown-while')
    expect(shownIcon()).toBe('playing')
    fireEvent.click(button)
    button.blur()
    expect(button.getAttribute('aria-label')).toBe('Play slideshow')
    expect(shownIcon()).toBe('stopped')
    expect(liveRegion(root), 'a change the visitor makes now is announced').toBe('polite')
    await advance(interval * 4)
    expect(currentSlide(root)).toBe(0)
    fireEvent.click(banner.getByRole('button', { name: 'Play slideshow' }))
    button.blur()
    expect(button.getAttribute('aria-label')).toBe('Pause slideshow')
    expect(shownIcon()).toBe('playing')
    await advance(interval)
    expect(currentSlide(root)).toBe(1)
  })

  it('stays still for visitors who prefer reduced motion and offers them a Play button', async () => {
    preferReducedMotion()
    const { root, banner } = builtPage()
    await advance(interval * 4)
    expect(currentSlide(root)).toBe(0)
    expect(banner.getByRole('button', { name: 'Play slideshow' })).toBeTruthy()
    expect(liveRegion(root)).toBe('polite')
    fireEvent.click(dots(root)[2]!)
    expect(shownTitle(root)).toBe(slides[2]!.title)
  })

  it('undone, stops turning and listening and leaves the markup as it was prerendered', async () => {
    const { root, undo } = builtPage()
    const before = prerendered().outerHTML
    await advance(interval)
    fireEvent.click(within(root).getByRole('button', { name: 'Pause slideshow' }))
    undo()
    expect(root.outerHTML).toBe(before)
    await advance(interval * 4)
    fireEvent.click(dots(root)[2]!)
    fireEvent.keyDown(dots(root)[0]!, { key: 'ArrowRight' })
    expect(currentSlide(root)).toBe(0)
  })

  it('leaves a single slide a still banner: nothing changes, the arrow keys are the page’s', async () => {
    const onlySlide = prerendered({ slides: [slides[0]!] })
    const before = onlySlide.outerHTML
    fakeTimers()
    undoAfterTest.unshift(enhance(onlySlide))
    await advance(interval * 2)
    expect(onlySlide.outerHTML).toBe(before)
    expect(fireEvent.keyDown(within(onlySlide).getByRole('link'), { key: 'ArrowRight' })).toBe(true)
  })
})

describe('heroCarousel block under React (npm run dev, the editor’s preview)', () => {
  async function renderCarousel(element: ReactElement = <HeroCarousel {...example!} />) {
    // Before rendering, so the first slide's timer is under the test's control.
    fakeTimers()
    return renderInSite(element)
  }

  it('runs the same behaviour: turns on its own, a dot shows its slide, the button pauses', async () => {
    await renderCarousel()
    const carousel = screen.getByRole('region', { name: 'Highlights' })
    await advance(interval)
    expect(currentSlide()).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: /^Show slide 3 of 3/ }))
    expect(screen.getByRole('heading', { name: slides[2]!.title })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    fireEvent.mouseLeave(carousel)
    await advance(interval * 4)
    expect(currentSlide()).toBe(2)
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy()
  })

  it('in the editor’s preview, shows the slide whose field is being edited, follows the author to another, and to a slide just added', async () => {
    let edit = (_place: (string | number)[]) => {}
    let setSlides = (_slides: HeroCarouselBlock['slides']) => {}
    function Edited() {
      const [place, setPlace] = useState<(string | number)[]>(['slides', 2, 'title'])
      const [edited, setEdited] = useState(slides)
      edit = setPlace
      setSlides = setEdited
      return (
        <EditedPlace.Provider value={place}>
          <HeroCarousel {...example!} slides={edited} />
        </EditedPlace.Provider>
      )
    }
    preferReducedMotion()
    await renderCarousel(<Edited />)
    expect(currentSlide()).toBe(2)
    await act(async () => edit(['slides', 1, 'subtitle']))
    expect(currentSlide()).toBe(1)
    // A field of no slide leaves the slide shown.
    await act(async () => edit(['actions', 0, 'label']))
    expect(currentSlide()).toBe(1)
    const added = { ...slides[0]!, id: 'added', title: 'A slide just added' }
    await act(async () => {
      setSlides([...slides, added])
      edit(['slides', 3, 'title'])
    })
    expect(currentSlide()).toBe(3)
    expect(screen.getByRole('heading', { name: 'A slide just added' })).toBeTruthy()
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['A slide just added'])
  })

  it('with one slide, is a still banner in the prerendered HTML and stays one after hydration, without an error', async () => {
    const logged: string[] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
    const onlySlide = slides[0]!
    const { container, prerendered } = await hydrateInSite(<HeroCarousel {...example!} slides={[onlySlide]} />)
    const beforeScripts = document.createElement('div')
    beforeScripts.innerHTML = prerendered
    expect(beforeScripts.querySelector('h1')?.textContent).toBe(onlySlide.title)
    expect(beforeScripts.querySelector('button'), 'no dots, no pause button').toBeNull()

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
})
