import { useId, type ReactNode } from 'react'
import { Reveal } from './Reveal'
import type { SectionBackground } from '../../site/generated/site-config'
import surfaces from '../ui/surfaces.module.css'
import classes from './RevealSection.module.css'

export interface RevealSectionProps {
  /** The block's `background` (schemas/defs/section-background.schema.json); blocks without one sit on white. */
  background?: SectionBackground
  eyebrow?: string
  /** The section's h2; the section is named after it for screen-reader landmarks. */
  heading?: string
  intro?: string
  /** Stagger the items marked with `revealItem(index)` instead of fading the whole section. */
  stagger?: boolean
  /** Narrow sections keep long text at a readable line length. */
  width?: 'narrow' | 'wide'
  className?: string
  children: ReactNode
}

/**
 * The frame most blocks share: a full-width band with a background tone, a centred header
 * (eyebrow, h2, intro) and the block's content, fading in on first scroll into view.
 */
export function RevealSection({ background = 'white', eyebrow, heading, intro, stagger, width = 'wide', className, children }: RevealSectionProps) {
  const headingId = useId()
  return (
    <Reveal
      stagger={stagger}
      className={`${surfaces.tone} ${classes.section}${className ? ` ${className}` : ''}`}
      data-background={background}
      aria-labelledby={heading ? headingId : undefined}
    >
      <div className={classes.inner} data-width={width}>
        {(eyebrow || heading || intro) && (
          <header className={classes.header}>
            {eyebrow && <p className={classes.eyebrow}>{eyebrow}</p>}
            {heading && (
              <h2 id={headingId} className={classes.heading}>
                {heading}
              </h2>
            )}
            {intro && <p className={classes.intro}>{intro}</p>}
          </header>
        )}
        {children}
      </div>
    </Reveal>
  )
}
