import Autoplay from 'embla-carousel-autoplay'
import Fade from 'embla-carousel-fade'
import type { EmblaCarouselType } from 'embla-carousel'
import useEmblaCarousel from 'embla-carousel-react'
import { useEffect, useRef, useState } from 'react'

export interface SlideshowControls {
  show(index: number): void
  step(by: -1 | 1): void
}

interface SlideshowEngineProps {
  viewport: HTMLElement
  intervalMs: number
  running: boolean
  /** A slide to show and stay on, whatever else happens (the editor's preview: the slide being edited). */
  showing?: number | undefined
  onSelect(index: number): void
  onReady(controls: SlideshowControls): void
}

/**
 * The Autoplay plugin, while there is more than one place to turn to. With one snap (a single slide,
 * or slides measured in a hidden banner) the plugin leaves itself unset, and its play() would throw
 * from an effect: React would then drop the whole page.
 */
function autoplayOf(embla: EmblaCarouselType | undefined) {
  return embla && embla.scrollSnapList().length > 1 ? embla.plugins().autoplay : undefined
}

/**
 * Embla on the prerendered slides: loop, swipe and the cross-fade (Fade plugin), and the timer
 * (Autoplay plugin). It renders nothing, and its chunk is loaded after hydration (see
 * useSlideshow), so Embla adds no start-up JavaScript. Whether the timer runs is decided by the
 * block, which knows more than the plugin: hover or focus anywhere in the banner, the pause
 * button, and prefers-reduced-motion. For that last one Embla's `duration: 0` also makes every
 * change instant.
 */
export default function SlideshowEngine({ viewport, intervalMs, running, showing, onSelect, onReady }: SlideshowEngineProps) {
  const [plugins] = useState(() => [Autoplay({ delay: intervalMs, playOnInit: false, stopOnInteraction: false, stopOnFocusIn: false, stopOnMouseEnter: false }), Fade()])
  const [setViewport, embla] = useEmblaCarousel({ loop: true, breakpoints: { '(prefers-reduced-motion: reduce)': { duration: 0 } } }, plugins)
  // What the effects' listeners read when they fire; kept up to date by the effect below.
  const runningRef = useRef(running)

  useEffect(() => setViewport(viewport), [setViewport, viewport])

  useEffect(() => {
    if (!embla) return
    // The plugin restarts its timer when a drag ends; a banner held by hover or pause stays still.
    const apply = () => {
      const autoplay = autoplayOf(embla)
      if (runningRef.current) autoplay?.play()
      else autoplay?.stop()
    }
    // Every change of slide (dot, arrow key, swipe, timer) gives the new slide a full interval.
    const select = () => {
      onSelect(embla.selectedScrollSnap())
      autoplayOf(embla)?.reset()
    }
    embla.on('select', select).on('pointerUp', apply)
    onReady({ show: (index) => embla.scrollTo(index), step: (by) => (by < 0 ? embla.scrollPrev() : embla.scrollNext()) })
    return () => void embla.off('select', select).off('pointerUp', apply)
  }, [embla, onSelect, onReady])

  useEffect(() => {
    if (!embla || showing === undefined) return
    // At once, and again whenever Embla takes the slides afresh (one added or removed).
    const show = () => embla.scrollTo(showing, true)
    show()
    embla.on('reInit', show)
    return () => void embla.off('reInit', show)
  }, [embla, showing])

  useEffect(() => {
    runningRef.current = running
    const autoplay = autoplayOf(embla)
    if (!autoplay) return
    if (running) autoplay.play()
    else autoplay.stop()
  }, [embla, running])

  return null
}
