import { IconQuote } from '@tabler/icons-react'
import type { TestimonialsBlock } from '../../site/generated/site-config'
import { revealItem } from '../../kit/motion/reveal-item'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './Testimonials.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

export default function Testimonials({ eyebrow, heading, intro, background = 'tinted', items }: TestimonialsBlock) {
  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro} stagger>
      <ul className={`${surfaces.list} ${classes.list}`}>
        {items.map((item, index) => (
          <li key={item.name} {...revealItem(index, classes.item)}>
            <figure className={`${surfaces.card} ${classes.figure}`}>
              <IconQuote size={32} aria-hidden="true" className={classes.mark} />
              <blockquote className={classes.quote}>
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className={classes.caption}>
                <span className={classes.name}>{item.name}</span>
                {(item.role || item.organisation) && <span className={classes.role}>{[item.role, item.organisation].filter(Boolean).join(', ')}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </RevealSection>
  )
}
