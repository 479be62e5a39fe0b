/*
 * A CSS marquee rather than Mantine's Marquee: Mantine's repeats the children verbatim (screen
 * readers would read every logo four times), and has no reduced-motion fallback. This block ships
 * no behaviour at all: the loop is one CSS animation, so it costs nothing to hydrate.
 */
import type { CSSProperties } from 'react'
import type { Image, LogoStripBlock } from '../../runtime/generated/site-config'
import { RevealSection } from '../../runtime/motion/RevealSection'
import classes from './LogoStrip.module.css'

/** Logos per copy of the row, so even a short list is wider than a large screen and never shows a gap. */
const MIN_LOGOS_PER_ROW = 12

function Logo({ logo, hidden }: { logo: Image; hidden?: boolean }) {
  return (
    <li className={classes.logo} aria-hidden={hidden || undefined} data-repeat={hidden || undefined}>
      {/* Not lazy: the strip moves, and a lazy logo pops in only as it slides into view, leaving gaps.
          Low priority instead, so the logos never hold up what the visitor sees first. */}
      <img src={logo.src} alt={hidden ? '' : logo.alt} width={logo.width} height={logo.height} decoding="async" fetchPriority="low" />
    </li>
  )
}

export default function LogoStrip({ eyebrow, heading, intro, logos, durationSeconds = 30, pauseOnHover = false, background }: LogoStripBlock) {
  const repeats = Math.max(1, Math.ceil(MIN_LOGOS_PER_ROW / logos.length))
  // One pass of the original list takes durationSeconds, however often it is repeated to fill the row.
  const style = { '--strip-duration': `${durationSeconds * repeats}s` } as CSSProperties
  const padding = Array.from({ length: repeats - 1 }, (_, copy) =>
    logos.map((logo) => <Logo key={`${copy}-${logo.src}`} logo={logo} hidden />),
  )

  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro} className={classes.section}>
      <div className={classes.viewport} style={style} data-pause-on-hover={pauseOnHover || undefined}>
        <div className={classes.track}>
          <ul className={classes.row} aria-label={heading ? undefined : 'Logos'}>
            {logos.map((logo) => (
              <Logo key={logo.src} logo={logo} />
            ))}
            {padding}
          </ul>
          {/* The second copy makes the loop seamless: when it reaches the start, the animation restarts. */}
          <ul className={classes.row} aria-hidden="true" data-repeat>
            {logos.map((logo) => (
              <Logo key={logo.src} logo={logo} hidden />
            ))}
            {padding}
          </ul>
        </div>
      </div>
    </RevealSection>
  )
}
