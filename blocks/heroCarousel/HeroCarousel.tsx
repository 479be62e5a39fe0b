/*
 * Carousel approach: a CSS cross-fade driven by React state, not @mantine/carousel. Measured with
 * esbuild (React and Mantine core external), @mantine/carousel + Embla add 26.6 KB minified /
 * 10.7 KB gzip and measure the layout on hydration; this block's whole chunk stays near 2 KB gzip.
 * A fade also needs no slide measuring, so the first slide prerenders exactly as it hydrates.
 */
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react'
import { useState, type FocusEvent } from 'react'
import type { HeroCarouselBlock } from '../../runtime/generated/site-config'
import { ActionLinks } from '../../runtime/ui/ActionLinks'
import classes from './HeroCarousel.module.css'
import { HeroSlide } from './HeroSlide'
import { useAutoAdvance } from './useAutoAdvance'

export default function HeroCarousel({ slides, actions, intervalMs = 5000 }: HeroCarouselBlock) {
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const { active, setActive, playing, running, togglePlaying } = useAutoAdvance(slides.length, intervalMs, hovered || focused)

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
  }

  return (
    <section
      className={classes.hero}
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* Announce slide changes only when the visitor caused them, not on every automatic turn. */}
      <div className={classes.slides} aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <HeroSlide key={slide.id} slide={slide} index={index} count={slides.length} active={index === active} />
        ))}
      </div>
      <div className={classes.controls}>
        <ActionLinks actions={actions} tone="dark" />
        {slides.length > 1 && (
          <div className={classes.navigation}>
            <ul className={classes.dots}>
              {slides.map((slide, index) => (
                <li key={slide.id}>
                  <button
                    type="button"
                    className={classes.dot}
                    aria-label={`Show slide ${index + 1} of ${slides.length}: ${slide.title}`}
                    aria-current={index === active || undefined}
                    onClick={() => setActive(index)}
                  />
                </li>
              ))}
            </ul>
            <button type="button" className={classes.playToggle} onClick={togglePlaying} aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}>
              {playing ? <IconPlayerPause size={16} aria-hidden="true" /> : <IconPlayerPlay size={16} aria-hidden="true" />}
            </button>
          </div>
        )}
      </div>
    </section>
  )
}
