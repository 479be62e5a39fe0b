import type { TechGroupsBlock } from '../../site/generated/site-config'
import { SiteIcon } from '../../kit/lazy-icons'
import { revealItem } from '../../kit/motion/reveal-item'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './TechGroups.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

export default function TechGroups({ eyebrow, heading, intro, groups, approach }: TechGroupsBlock) {
  return (
    <RevealSection eyebrow={eyebrow} heading={heading} intro={intro} stagger>
      <ul className={`${surfaces.list} ${classes.groups}`}>
        {groups.map((group, index) => {
          const icon = group.icon
          return (
            <li key={group.title} {...revealItem(index, `${surfaces.card} ${classes.group}`)}>
              <h3 className={classes.groupTitle}>
                {icon && (
                  <span className={`${surfaces.iconTile} ${classes.icon}`} aria-hidden="true">
                    <SiteIcon name={icon} size={22} stroke={1.75} />
                  </span>
                )}
                {group.title}
              </h3>
              <ul className={`${surfaces.list} ${classes.items}`}>
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
          <ul className={`${surfaces.list} ${classes.points}`}>
            {approach.points.map((point) => {
              const icon = point.icon
              return (
                <li key={point.title} className={classes.point}>
                  {icon && (
                    <span className={`${surfaces.iconTile} ${classes.icon}`} aria-hidden="true">
                      <SiteIcon name={icon} size={22} stroke={1.75} />
                    </span>
                  )}
                  {/* h4 under the approach h3 when there is one; otherwise these are the h3s. */}
                  {approach.heading ? <h4 className={classes.pointTitle}>{point.title}</h4> : <h3 className={classes.pointTitle}>{point.title}</h3>}
                  <p className={surfaces.muted}>{point.text}</p>
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </RevealSection>
  )
}
