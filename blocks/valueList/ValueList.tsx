import type { ValueListBlock } from '../../site/generated/site-config'
import { IconBadge } from '../../kit/ui/IconBadge'
import { revealItem } from '../../kit/motion/reveal-item'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './ValueList.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

export default function ValueList({ eyebrow, heading, intro, columns, background, items }: ValueListBlock) {
  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro} stagger>
      <ul className={`${surfaces.columns} ${classes.list}`} data-columns={columns}>
        {items.map((item, index) => {
          return (
            <li key={item.title} {...revealItem(index, `${surfaces.column} ${classes.item}`)}>
              {item.icon && <IconBadge name={item.icon} />}
              <div>
                <h3 className={classes.title}>{item.title}</h3>
                <p className={surfaces.muted}>{item.text}</p>
              </div>
            </li>
          )
        })}
      </ul>
    </RevealSection>
  )
}
