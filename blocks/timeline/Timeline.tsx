import type { TimelineBlock } from '../../site/generated/site-config'
import { iconFor } from '../../kit/lazy-icons'
import { revealItem } from '../../kit/motion/revealItem'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './Timeline.module.css'

export default function Timeline({ eyebrow, heading, intro, background, milestones }: TimelineBlock) {
  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro} stagger width="narrow">
      <ol className={classes.timeline}>
        {milestones.map((milestone, index) => {
          const Icon = milestone.icon ? iconFor(milestone.icon) : null
          return (
            <li key={milestone.id} {...revealItem(index, classes.milestone)}>
              <span className={classes.marker} aria-hidden="true">
                {Icon && <Icon size={22} stroke={1.75} />}
              </span>
              <div className={classes.card}>
                <p className={classes.year}>{milestone.year}</p>
                <h3 className={classes.title}>{milestone.title}</h3>
                <p className={classes.description}>{milestone.description}</p>
                {milestone.highlight && <p className={classes.highlight}>{milestone.highlight}</p>}
              </div>
            </li>
          )
        })}
      </ol>
    </RevealSection>
  )
}
