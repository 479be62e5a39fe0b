import { useId } from 'react'
import type { FormBlock } from '../../site/generated/site-config'
import { Island } from '../../kit/islands/Island'
import FormIsland from './FormIsland'
import { formHydration } from './form-hydration'
import { SiteIcon } from '../../kit/lazy-icons'
import classes from './Form.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

function Aside({ aside }: { aside: NonNullable<FormBlock['aside']> }) {
  return (
    <div className={classes.aside}>
      {aside.heading && <h2 className={classes.asideHeading}>{aside.heading}</h2>}
      {aside.text && <p className={classes.asideText}>{aside.text}</p>}
      <ul className={`${surfaces.list} ${classes.tiles}`}>
        {aside.tiles.map((tile) => {
          const icon = tile.icon
          return (
            <li key={tile.title} className={`${surfaces.card} ${classes.tile}`}>
              {icon && (
                <span className={`${surfaces.iconTile} ${classes.tileIcon}`} aria-hidden="true">
                  <SiteIcon name={icon} size={24} stroke={1.75} />
                </span>
              )}
              <div>
                <h3 className={classes.tileTitle}>{tile.title}</h3>
                <p className={`${surfaces.muted} ${classes.tileText}`}>{tile.text}</p>
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/**
 * A configured form in a card; not faded in on scroll: a form must be usable the moment it is
 * seen. A built page hydrates the form alone (FormIsland.tsx), the rest of the block only shows.
 */
export default function Form({ form, title, intro, aside, background }: FormBlock) {
  const titleId = useId()
  return (
    <section className={`${surfaces.tone} ${classes.section}`} data-background={background} aria-labelledby={titleId}>
      <div className={classes.inner} data-with-aside={aside ? true : undefined}>
        {aside && <Aside aside={aside} />}
        <div className={`${surfaces.card} ${classes.card}`}>
          <h2 id={titleId} className={classes.title}>
            {title}
          </h2>
          {intro && <p className={classes.intro}>{intro}</p>}
          <Island name="form" hydration={formHydration} component={FormIsland} props={{ form, labelledBy: titleId }} />
        </div>
      </div>
    </section>
  )
}
