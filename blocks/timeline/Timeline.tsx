import type { TimelineBlock } from '../../site/generated/site-config'
import { SiteIcon } from '../../kit/lazy-icons'
import { revealItem } from '../../kit/motion/reveal-item'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './Timeline.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

export default function Timeline({ eyebrow, heading, intro, background, milestones }: TimelineBlock) {
  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro} stagger width="narrow">
      <ol className={`${surfaces.list} ${classes.timeline}`}>
        {milestones.map((milestone, index) => {
          const icon = milestone.icon
          return (
            <li key={milestone.id} {...revealItem(index, classes.milestone)}>
              <span className={classes.marker} aria-hidden="true">
                {icon && <SiteIcon name={icon} size={22} stroke={1.75} />}
              </span>
              <div className={`${surfaces.card} ${classes.card}`}>
                <p className={classes.year}>{milestone.year}</p>
                <h3 className={classes.title}>{milestone.title}</h3>
                <p className={surfaces.muted}>{milestone.description}</p>
                {milestone.highlight && <p className={`${surfaces.tag} ${classes.highlight}`}>{milestone.highlight}</p>}
              </div>
            </li>
          )
        })}
      </ol>
    </RevealSection>
  )
}
