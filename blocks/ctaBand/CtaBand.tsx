import { useId } from 'react'
import type { CtaBandBlock } from '../../runtime/generated/site-config'
import { Reveal } from '../../runtime/motion/Reveal'
import { SiteLink } from '../../runtime/SiteLink'
import classes from './CtaBand.module.css'

export default function CtaBand({ heading, text, actions, background = 'navy' }: CtaBandBlock) {
  const headingId = useId()
  return (
    <Reveal className={classes.band} data-background={background} aria-labelledby={headingId}>
      <div className={classes.inner}>
        <h2 id={headingId} className={classes.heading}>
          {heading}
        </h2>
        {text && <p className={classes.text}>{text}</p>}
        <div className={classes.actions}>
          {actions.map((action, index) => (
            <SiteLink key={action.label} to={action.to} className={index === 0 ? classes.primary : classes.secondary}>
              {action.label}
            </SiteLink>
          ))}
        </div>
      </div>
    </Reveal>
  )
}
