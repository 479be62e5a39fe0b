import { useId } from 'react'
import type { CtaBandBlock } from '../../site/generated/site-config'
import { Reveal } from '../../kit/motion/Reveal'
import { ActionLinks } from '../../kit/ui/ActionLinks'
import classes from './CtaBand.module.css'

export default function CtaBand({ heading, text, actions, background }: CtaBandBlock) {
  const headingId = useId()
  return (
    <Reveal className={classes.band} data-background={background} aria-labelledby={headingId}>
      <div className={classes.inner}>
        <h2 id={headingId} className={classes.heading}>
          {heading}
        </h2>
        {text && <p className={classes.text}>{text}</p>}
        <ActionLinks actions={actions} tone="dark" className={classes.actions} />
      </div>
    </Reveal>
  )
}
