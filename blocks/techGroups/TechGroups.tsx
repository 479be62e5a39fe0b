import type { TechGroupsBlock } from '../../site/generated/site-config'
import { iconFor } from '../../kit/lazy-icons'
import { revealItem } from '../../kit/motion/revealItem'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './TechGroups.module.css'

export default function TechGroups({ eyebrow, heading, intro, groups, approach }: TechGroupsBlock) {
  return (
    <RevealSection eyebrow={eyebrow} heading={heading} intro={intro} stagger>
      <ul className={classes.groups}>
        {groups.map((group, index) => {
          const Icon = group.icon ? iconFor(group.icon) : null
          return (
            <li key={group.title} {...revealItem(index, classes.group)}>
              <h3 className={classes.groupTitle}>
                {Icon && (
                  <span className={classes.icon} aria-hidden="true">
                    <Icon size={22} stroke={1.75} />
                  </span>
                )}
                {group.title}
              </h3>
              <ul className={classes.items}>
                {group.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </li>
          )
        })}
      </ul>
      {approach && (
        <div className={classes.approach}>
          {approach.heading && <h3 className={classes.approachHeading}>{approach.heading}</h3>}
          <ul className={classes.points}>
            {approach.points.map((point) => {
              const Icon = point.icon ? iconFor(point.icon) : null
              return (
                <li key={point.title} className={classes.point}>
                  {Icon && (
                    <span className={classes.icon} aria-hidden="true">
                      <Icon size={22} stroke={1.75} />
                    </span>
                  )}
                  {/* h4 under the approach h3 when there is one; otherwise these are the h3s. */}
                  {approach.heading ? <h4 className={classes.pointTitle}>{point.title}</h4> : <h3 className={classes.pointTitle}>{point.title}</h3>}
                  <p className={classes.pointText}>{point.text}</p>
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </RevealSection>
  )
}
