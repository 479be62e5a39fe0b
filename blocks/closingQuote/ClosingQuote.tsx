import type { ClosingQuoteBlock } from '../../site/generated/site-config'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './ClosingQuote.module.css'

export default function ClosingQuote({ quote, attribution, background }: ClosingQuoteBlock) {
  return (
    <RevealSection background={background} width="narrow">
      <figure className={classes.figure}>
        <blockquote className={classes.quote}>
          <p>“{quote}”</p>
        </blockquote>
        {attribution && <figcaption className={classes.attribution}>— {attribution}</figcaption>}
      </figure>
    </RevealSection>
  )
}
