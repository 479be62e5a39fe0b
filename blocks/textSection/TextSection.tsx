import { useId } from 'react'
import type { TextSectionBlock } from '../../site/generated/site-config'
import { Reveal } from '../../kit/motion/Reveal'
import sectionClasses from '../../kit/motion/RevealSection.module.css'
import { ActionLinks } from '../../kit/ui/ActionLinks'
import { IconBadge } from '../../kit/ui/IconBadge'
import { Picture } from '../../kit/ui/Picture'
import surfaces from '../../kit/ui/surfaces.module.css'
import classes from './TextSection.module.css'

export default function TextSection({ eyebrow, heading, icon, paragraphs, image, layout, actions, background }: TextSectionBlock) {
  const headingId = useId()
  return (
    <Reveal className={`${surfaces.tone} ${sectionClasses.section}`} data-background={background} aria-labelledby={headingId}>
      <div className={classes.inner} data-layout={layout}>
        <div className={classes.text}>
          {eyebrow && <p className={sectionClasses.eyebrow}>{eyebrow}</p>}
          <h2 id={headingId} className={classes.heading}>
            {icon && <IconBadge name={icon} iconSize={26} />}
            {heading}
          </h2>
          {paragraphs.map((paragraph) => (
            <p key={paragraph} className={classes.paragraph}>
              {paragraph}
            </p>
          ))}
          {actions && (
            <ActionLinks actions={actions} tone={background === 'navy' ? 'dark' : 'light'} align={layout === 'oneColumn' ? 'center' : 'start'} className={classes.actions} />
          )}
        </div>
        {image && <Picture className={classes.image} image={image} slot={layout === 'twoColumns' ? 'textSection.twoColumns' : 'textSection.oneColumn'} />}
      </div>
    </Reveal>
  )
}
