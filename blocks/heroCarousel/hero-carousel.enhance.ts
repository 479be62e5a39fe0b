import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel'
import Autoplay from 'embla-carousel-autoplay'
import Fade from 'embla-carousel-fade'
import type { Enhancer } from '../../kit/enhancer'
import { prefersReducedMotion } from '../../kit/motion/reduced-motion'

/** A running banner, for the editor's preview to show the slide being edited. */
export interface Slideshow {
  /** Shows that slide at once, and keeps it shown until the visitor or the timer moves on. */
  show(index: number): void
  /** Stops the engine, the timer and every listener, and leaves the markup as it was rendered. */
  undo(): void
}

/** What the banner shows, written into the markup's attributes by `draw`. */
interface Shown {
  active: number
  /** The slides turn on their own: the pause/play button's state. */
  playing: boolean
  /** They are turning now: playing and neither hovered nor focused within. */
  running: boolean
}

const arrowSteps: Record<string, -1 | 1> = { ArrowLeft: -1, ArrowRight: 1 }

/**
 * The Autoplay plugin, while there is more than one place to turn to. With one snap (slides
 * measured in a hidden banner) the plugin leaves itself unset, and its play() would throw.
 */
const autoplayOf = (embla: EmblaCarouselType) => (embla.scrollSnapList().length > 1 ? embla.plugins().autoplay : undefined)

/** The markup's parts, found by the data attributes HeroCarousel renders. */
function partsOf(root: HTMLElement) {
  const all = (selector: string) => [...root.querySelectorAll<HTMLElement>(selector)]
  return {
    viewport: root.querySelector<HTMLElement>('[data-viewport]'),
    slides: all('[data-slide]'),
    dots: all('[data-dot]'),
    toggle: root.querySelector<HTMLElement>('[data-play-toggle]'),
    icons: all('[data-shown-while]'),
  }
}

type Parts = ReturnType<typeof partsOf>

/** Writes what is shown into the attributes HeroSlide and HeroCarousel render for it. */
function draw(root: HTMLElement, { viewport, slides, dots, toggle, icons }: Parts, { active, playing, running }: Shown) {
  slides.forEach((slide, index) => {
    // Slides not shown are hidden from screen readers and keyboard; the Fade plugin hides them from the eye.
    if (index === active) slide.removeAttribute('aria-hidden')
    else slide.setAttribute('aria-hidden', 'true')
    slide.toggleAttribute('inert', index !== active)
  })
  dots.forEach((dot, index) => {
    if (index === active) dot.setAttribute('aria-current', 'true')
    else dot.removeAttribute('aria-current')
  })
  toggle?.setAttribute('aria-label', (playing ? root.dataset.pauseLabel : root.dataset.playLabel) ?? '')
  for (const icon of icons) icon.hidden = icon.dataset.shownWhile !== (playing ? 'playing' : 'stopped')
  // Announce slide changes only when the visitor caused them, not on every automatic turn.
  viewport?.setAttribute('aria-live', running ? 'off' : 'polite')
}

/**
 * The banner's behaviour on its rendered markup, with Embla: loop, swipe, the cross-fade (Fade
 * plugin) and the timer (Autoplay plugin, every `data-interval` ms). Whether the timer runs is
 * decided here, which knows more than the plugin: hover or focus anywhere in the banner, the
 * pause button, and prefers-reduced-motion (not playing at first; Embla's `duration: 0` also
 * makes every change instant). One slide is a still banner: nothing runs.
 */
export function startSlideshow(root: HTMLElement): Slideshow {
  const parts = partsOf(root)
  if (!parts.viewport || parts.slides.length < 2) return { show() {}, undo() {} }
  const plugins = [Autoplay({ delay: Number(root.dataset.interval), playOnInit: false, stopOnInteraction: false, stopOnFocusIn: false, stopOnMouseEnter: false }), Fade()]
  const embla = EmblaCarousel(parts.viewport, { loop: true, breakpoints: { '(prefers-reduced-motion: reduce)': { duration: 0 } } }, plugins)
  let playing = !prefersReducedMotion()
  let hovered = false
  let focused = false

  // play() starts the timer afresh: every change of slide (dot, arrow key, swipe, timer) gives
  // the new slide a full interval.
  const update = () => {
    const running = playing && !hovered && !focused
    const autoplay = autoplayOf(embla)
    if (running) autoplay?.play()
    else autoplay?.stop()
    draw(root, parts, { active: embla.selectedScrollSnap(), playing, running })
  }
  // The plugin restarts its timer when a drag ends and starts afresh stopped when Embla takes the
  // slides again (a resize): a banner held by hover or pause stays still, a playing one plays on.
  embla.on('select', update).on('pointerUp', update).on('reInit', update)

  const onKey = (event: KeyboardEvent) => {
    const by = arrowSteps[event.key]
    if (!by) return
    event.preventDefault()
    if (by < 0) embla.scrollPrev()
    else embla.scrollNext()
  }
  const listeners: [string, (event: Event) => void][] = [
    ['mouseenter', () => ((hovered = true), update())],
    ['mouseleave', () => ((hovered = false), update())],
    ['focusin', () => ((focused = true), update())],
    // Focus moving within the banner fires focusin right after.
    ['focusout', () => ((focused = false), update())],
    ['keydown', (event) => onKey(event as KeyboardEvent)],
  ]
  const onDot = (event: Event) => embla.scrollTo(parts.dots.indexOf(event.currentTarget as HTMLElement))
  const onToggle = () => ((playing = !playing), update())

  for (const [type, listener] of listeners) root.addEventListener(type, listener)
  for (const dot of parts.dots) dot.addEventListener('click', onDot)
  parts.toggle?.addEventListener('click', onToggle)
  update()

  return {
    show: (index) => embla.scrollTo(index, true),
    undo() {
      for (const [type, listener] of listeners) root.removeEventListener(type, listener)
      for (const dot of parts.dots) dot.removeEventListener('click', onDot)
      parts.toggle?.removeEventListener('click', onToggle)
      embla.destroy()
      draw(root, parts, { active: 0, playing: true, running: true })
    },
  }
}

const enhance: Enhancer = (root) => startSlideshow(root).undo
export default enhance
