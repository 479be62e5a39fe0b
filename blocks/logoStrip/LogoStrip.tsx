/*
 * A CSS marquee rather than Mantine's Marquee: Mantine's repeats the children verbatim (screen
 * readers would read every logo four times), and has no reduced-motion fallback. This block ships
 * no behaviour at all: the loop is one CSS animation, so it costs nothing to hydrate.
 */
import type { CSSProperties } from 'react'
import type { Image, LogoStripBlock } from '../../site/generated/site-config'
import { RevealSection } from '../../kit/motion/RevealSection'
import { Picture } from '../../kit/ui/Picture'
import classes from './LogoStrip.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'
import { textsOf } from '../../kit/config'

const texts = textsOf('logoStrip')

/** Logos per copy of the row, so even a short list is wider than a large screen and never shows a gap. */
const MIN_LOGOS_PER_ROW = 12

/**
 * Logos loaded with the page, more than fill the widest screen. The strip moves, so a lazy logo
 * in view pops in late, leaving a gap; but loading all 49 of the home page's logos up front cost
 * about 0.6 s of Lighthouse LCP. Later logos stay lazy: the browser fetches them well before they
 * slide into view. Every copy of an eager logo is eager too (same file, no extra request).
 */
const EAGER_LOGOS = 8

function Logo({ logo, index, hidden }: { logo: Image; index: number; hidden?: boolean }) {
  const eager = index < EAGER_LOGOS
  return (
    <li className={classes.logo} aria-hidden={hidden || undefined} data-repeat={hidden || undefined}>
      <Picture image={logo} slot="logoStrip.logo" alt={hidden ? '' : logo.alt} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'low' : undefined} />
    </li>
  )
}

export default function LogoStrip({ eyebrow, heading, intro, logos, durationSeconds, pauseOnHover, background }: LogoStripBlock) {
  const repeats = Math.max(1, Math.ceil(MIN_LOGOS_PER_ROW / logos.length))
  // One pass of the original list takes durationSeconds, however often it is repeated to fill the row.
  const style = { '--strip-duration': `${durationSeconds * repeats}s` } as CSSProperties
  const padding = Array.from({ length: repeats - 1 }, (_, copy) => logos.map((logo, index) => <Logo key={`${copy}-${logo.src}`} logo={logo} index={index} hidden />))

  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro} className={classes.section}>
      <div className={classes.viewport} style={style} data-pause-on-hover={pauseOnHover || undefined}>
        <div className={classes.track}>
          <ul className={`${surfaces.list} ${classes.row}`} aria-label={heading ? undefined : texts.label}>
            {logos.map((logo, index) => (
              <Logo key={logo.src} logo={logo} index={index} />
            ))}
            {padding}
          </ul>
          {/* The second copy makes the loop seamless: when it reaches the start, the animation restarts. */}
          <ul className={`${surfaces.list} ${classes.row}`} aria-hidden="true" data-repeat>
            {logos.map((logo, index) => (
              <Logo key={logo.src} logo={logo} index={index} hidden />
            ))}
            {padding}
          </ul>
        </div>
      </div>
    </RevealSection>
  )
}
