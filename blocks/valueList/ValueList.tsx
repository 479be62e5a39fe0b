import type { ValueListBlock } from '../../site/generated/site-config'
import { IconBadge } from '../../kit/ui/IconBadge'
import { revealItem } from '../../kit/motion/reveal-item'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './ValueList.module.css'

export default function ValueList({ eyebrow, heading, intro, columns, background, items }: ValueListBlock) {
  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro} stagger>
      <ul className={classes.list} data-columns={columns}>
        {items.map((item, index) => {
          return (
            <li key={item.title} {...revealItem(index, classes.item)}>
              {item.icon && <IconBadge name={item.icon} />}
              <div>
                <h3 className={classes.title}>{item.title}</h3>
                <p className={classes.text}>{item.text}</p>
              </div>
            </li>
          )
        })}
      </ul>
    </RevealSection>
  )
}
