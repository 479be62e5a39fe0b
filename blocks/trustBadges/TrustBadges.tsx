import type { TrustBadgesBlock } from '../../site/generated/site-config'
import { iconFor } from '../../kit/lazy-icons'
import classes from './TrustBadges.module.css'

/** A compact band of claims; plain HTML and CSS, nothing to hydrate but the markup. */
export default function TrustBadges({ heading, background = 'white', badges }: TrustBadgesBlock) {
  return (
    <section className={classes.section} data-background={background} aria-label={heading ? undefined : 'Why you can trust us'}>
      <div className={classes.inner}>
        {heading && <h2 className={classes.heading}>{heading}</h2>}
        <ul className={classes.badges}>
          {badges.map((badge) => {
            const Icon = badge.icon ? iconFor(badge.icon) : null
            return (
              <li key={badge.label} className={classes.badge}>
                {Icon && (
                  <span className={classes.icon} aria-hidden="true">
                    <Icon size={22} stroke={1.8} />
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
