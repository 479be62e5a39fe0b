/*
 * Carousel approach: embla-carousel-react directly (with its Autoplay and Fade plugins), not
 * @mantine/carousel: the Mantine wrapper adds its own component and stylesheet for controls we
 * draw ourselves. The slides sit side by side in Embla's flex container, so the prerendered HTML
 * shows the first slide at its final size before any script runs; Fade then stacks them in place.
 * Embla itself arrives after hydration (useSlideshow loads SlideshowEngine).
 */
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react'
import { useState, type FocusEvent, type KeyboardEvent } from 'react'
import type { HeroCarouselBlock } from '../../site/generated/site-config'
import { localNumber } from '../../site/locale-format'
import { fillTemplate } from '../../site/text-template'
import { ActionLinks } from '../../kit/ui/ActionLinks'
import { useEditedItem } from '../../kit/motion/edited-item'
import classes from './HeroCarousel.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'
import { HeroSlide } from './HeroSlide'
import { useSlideshow } from './use-slideshow'
import { config, textsOf } from '../../kit/config'

const texts = textsOf('heroCarousel')

const arrowSteps: Record<string, -1 | 1> = { ArrowLeft: -1, ArrowRight: 1 }

export default function HeroCarousel({ slides, actions, intervalMs }: HeroCarouselBlock) {
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  // One slide is a still banner: no engine, no dots, no pause button, no carousel semantics.
  const turns = slides.length > 1
  const { Engine, viewport, viewportRef, active, setActive, setControls, show, step, playing, running, togglePlaying } = useSlideshow(hovered || focused, turns)
  // In the editor's preview: the slide whose fields are being edited.
  const edited = useEditedItem('slides')

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const by = arrowSteps[event.key]
    // A still banner leaves the arrow keys to the page.
    if (!by || !turns) return
    event.preventDefault()
    step(by)
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys from the slides' links and the dots inside step the carousel; the section itself takes no focus
    <section
      className={classes.hero}
      aria-roledescription={turns ? texts.carousel : undefined}
      aria-label={texts.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {/* Announce slide changes only when the visitor caused them, not on every automatic turn. */}
      <div className={classes.viewport} ref={viewportRef} aria-live={turns ? (running ? 'off' : 'polite') : undefined}>
        <div className={classes.slides}>
          {slides.map((slide, index) => (
            // A still banner's slide is always the shown one, also when it was left with another index.
            <HeroSlide key={slide.id} slide={slide} index={index} count={slides.length} active={!turns || index === active} />
          ))}
        </div>
      </div>
      {Engine && viewport && <Engine viewport={viewport} intervalMs={intervalMs} running={running} showing={edited} onSelect={setActive} onReady={setControls} />}
      <div className={classes.controls}>
        <ActionLinks actions={actions} tone="dark" />
        {turns && (
          <div className={classes.navigation}>
            <ul className={`${surfaces.list} ${classes.dots}`}>
              {slides.map((slide, index) => (
                <li key={slide.id}>
                  <button
                    type="button"
                    className={classes.dot}
                    aria-label={fillTemplate(texts.showSlide, {
                      number: localNumber(index + 1, config.site.locale),
                      count: localNumber(slides.length, config.site.locale),
                      title: slide.title,
                    })}
                    aria-current={index === active || undefined}
                    onClick={() => show(index)}
                  />
                </li>
              ))}
            </ul>
            <button type="button" className={classes.playToggle} onClick={togglePlaying} aria-label={playing ? texts.pause : texts.play}>
              {playing ? <IconPlayerPause size={16} aria-hidden="true" /> : <IconPlayerPlay size={16} aria-hidden="true" />}
            </button>
          </div>
        )}
      </div>
    </section>
  )
}
