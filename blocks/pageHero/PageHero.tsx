import type { PageHeroBlock } from '../../site/generated/site-config'
import { ActionLinks } from '../../kit/ui/ActionLinks'
import classes from './PageHero.module.css'

/** Splits the heading around its highlighted words so they can take the accent colour. */
function HighlightedHeading({ heading, highlight }: { heading: string; highlight?: string }) {
  const at = highlight ? heading.indexOf(highlight) : -1
  if (!highlight || at < 0) return <>{heading}</>
  return (
    <>
      {heading.slice(0, at)}
      <span className={classes.highlight}>{highlight}</span>
      {heading.slice(at + highlight.length)}
    </>
  )
}

export default function PageHero({ eyebrow, heading, highlight, paragraphs, actions, background }: PageHeroBlock) {
  return (
    <section className={classes.hero} data-background={background}>
      <div className={classes.inner}>
        {eyebrow && <p className={classes.eyebrow}>{eyebrow}</p>}
        <h1 className={classes.heading}>
          <HighlightedHeading heading={heading} highlight={highlight} />
        </h1>
        {paragraphs?.map((text) => (
          <p key={text} className={classes.text}>
            {text}
          </p>
        ))}
        {actions && <ActionLinks actions={actions} tone="dark" className={classes.actions} />}
      </div>
    </section>
  )
}
