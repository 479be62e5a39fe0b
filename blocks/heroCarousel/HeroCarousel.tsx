/*
 * Carousel approach: Embla (embla-carousel with its Autoplay and Fade plugins), not
 * @mantine/carousel: the Mantine wrapper adds its own component and stylesheet for controls we
 * draw ourselves. The slides sit side by side in Embla's flex container, so the prerendered HTML
 * shows the first slide at its final size before any script runs; Fade then stacks them in place.
 * This component renders all of the markup and no behaviour: hero-carousel.enhance.ts runs Embla on
 * it, as plain script on a built page and through useEnhancer in `npm run dev` and the preview.
 */
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react'
import { useCallback, useEffect, useRef } from 'react'
import type { HeroCarouselBlock } from '../../site/generated/site-config'
import { localNumber } from '../../site/locale-format'
import { fillTemplate } from '../../site/text-template'
import { ActionLinks } from '../../kit/ui/ActionLinks'
import { useEnhancer, type Enhancer } from '../../kit/enhancer'
import { useEditedItem } from '../../kit/motion/edited-item'
import classes from './HeroCarousel.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'
import { HeroSlide } from './HeroSlide'
import { startSlideshow, type Slideshow } from './hero-carousel.enhance'
import { config, textsOf } from '../../kit/config'

const texts = textsOf('heroCarousel')

export default function HeroCarousel({ slides, actions, intervalMs }: HeroCarouselBlock) {
  // One slide is a still banner: no engine, no dots, no pause button, no carousel semantics.
  const turns = slides.length > 1
  const slideshow = useRef<Slideshow | null>(null)
  const enhance = useCallback<Enhancer>((root) => {
    const started = startSlideshow(root)
    slideshow.current = started
    return started.undo
  }, [])
  // Embla holds the slides' elements in order: other slides or another interval need it afresh.
  const key = JSON.stringify([slides.map((slide) => slide.id), intervalMs])
  const ref = useEnhancer<HTMLElement>(enhance, key)
  // In the editor's preview: the slide whose fields are being edited.
  const edited = useEditedItem('slides')
  useEffect(() => {
    if (edited !== undefined) slideshow.current?.show(edited)
  }, [edited, key])

  return (
    <section
      ref={ref}
      className={classes.hero}
      aria-roledescription={turns ? texts.carousel : undefined}
      aria-label={texts.label}
      data-interval={intervalMs}
      data-pause-label={texts.pause}
      data-play-label={texts.play}
    >
      {/* Off while the slides turn on their own; the enhancer makes it polite when they stand still. */}
      <div className={classes.viewport} data-viewport aria-live={turns ? 'off' : undefined}>
        <div className={classes.slides}>
          {slides.map((slide, index) => (
            <HeroSlide key={slide.id} slide={slide} index={index} count={slides.length} active={index === 0} />
          ))}
        </div>
      </div>
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
                    data-dot
                    aria-label={fillTemplate(texts.showSlide, {
                      number: localNumber(index + 1, config.site.locale),
                      count: localNumber(slides.length, config.site.locale),
                      title: slide.title,
                    })}
                    aria-current={index === 0 || undefined}
                  />
                </li>
              ))}
            </ul>
            <button type="button" className={classes.playToggle} data-play-toggle aria-label={texts.pause}>
              <span className={classes.playIcon} data-shown-while="playing">
                <IconPlayerPause size={16} aria-hidden="true" />
              </span>
              <span className={classes.playIcon} data-shown-while="stopped" hidden>
                <IconPlayerPlay size={16} aria-hidden="true" />
              </span>
            </button>
          </div>
        )}
      </div>
    </section>
  )
}
