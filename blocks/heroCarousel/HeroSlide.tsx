import { IconCircleCheckFilled } from '@tabler/icons-react'
import type { HeroCarouselBlock } from '../../site/generated/site-config'
import { localNumber } from '../../site/locale-format'
import { fillTemplate } from '../../site/text-template'
import classes from './HeroCarousel.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'
import { HighlightedText } from './HighlightedText'
import { config, textsOf } from '../../kit/config'

const texts = textsOf('heroCarousel')

type Slide = HeroCarouselBlock['slides'][number]

interface HeroSlideProps {
  slide: Slide
  index: number
  count: number
  active: boolean
}

/**
 * One Embla slide. The first slide's title is the page's h1; inactive slides are hidden from
 * screen readers and keyboard (aria-hidden + inert) while the Fade plugin hides them visually;
 * `active` is the rendered state, the enhancer (hero-carousel.enhance.ts) moves it.
 * The only slide of a still banner is no "slide 1 of 1", just the banner's content.
 */
export function HeroSlide({ slide, index, count, active }: HeroSlideProps) {
  const Title = index === 0 ? 'h1' : 'h2'
  const slideRole =
    count > 1
      ? ({
          role: 'group',
          'aria-roledescription': texts.slide,
          'aria-label': fillTemplate(texts.slideNumber, { number: localNumber(index + 1, config.site.locale), count: localNumber(count, config.site.locale) }),
        } as const)
      : {}
  return (
    <div className={classes.slide} data-slide data-background={slide.background} {...slideRole} aria-hidden={!active || undefined} inert={!active}>
      <div className={classes.content}>
        {slide.offer && (
          <p className={classes.offer}>
            <strong className={classes.offerBadge}>{slide.offer.badge}</strong>
            <span className={classes.offerNote}>{slide.offer.note}</span>
          </p>
        )}
        <Title className={classes.title}>
          <HighlightedText text={slide.title} highlight={slide.highlight} className={classes.highlight} />
        </Title>
        <p className={classes.subtitle}>{slide.subtitle}</p>
        {slide.trustIndicators && slide.trustIndicators.length > 0 && (
          <ul className={`${surfaces.list} ${classes.trust}`}>
            {slide.trustIndicators.map((indicator) => (
              <li key={indicator}>
                <IconCircleCheckFilled size={18} aria-hidden="true" className={classes.trustIcon} />
                {indicator}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
