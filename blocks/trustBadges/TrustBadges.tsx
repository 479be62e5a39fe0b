import type { TrustBadgesBlock } from '../../site/generated/site-config'
import { SiteIcon } from '../../kit/lazy-icons'
import classes from './TrustBadges.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'
import { textsOf } from '../../kit/config'

const texts = textsOf('trustBadges')

/** A compact band of claims; plain HTML and CSS, nothing to hydrate but the markup. */
export default function TrustBadges({ heading, background, badges }: TrustBadgesBlock) {
  return (
    <section className={`${surfaces.tone} ${classes.section}`} data-background={background} aria-label={heading ? undefined : texts.label}>
      <div className={classes.inner}>
        {heading && <h2 className={classes.heading}>{heading}</h2>}
        <ul className={`${surfaces.list} ${classes.badges}`}>
          {badges.map((badge) => {
            const icon = badge.icon
            return (
              <li key={badge.label} className={classes.badge}>
                {icon && (
                  <span className={`${surfaces.iconTile} ${classes.icon}`} aria-hidden="true">
                    <SiteIcon name={icon} size={22} stroke={1.8} />
                  </span>
                )}
                <span>
                  <span className={classes.label}>{badge.label}</span>
                  {badge.text && <span className={classes.text}>{badge.text}</span>}
                </span>
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
