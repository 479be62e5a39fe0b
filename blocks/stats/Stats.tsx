import type { StatsBlock } from '../../site/generated/site-config'
import { config } from '../../kit/config'
import { localNumber } from '../../site/locale-format'
import { useCountUp } from './use-count-up'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './Stats.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

export default function Stats({ heading, intro, background, items }: StatsBlock) {
  // The site's locale, not the visitor's: the server and the browser group digits the same way (no hydration mismatch).
  const format = (value: number) => localNumber(value, config.site.locale)
  const { ref, progress } = useCountUp<HTMLUListElement>()
  return (
    <RevealSection background={background} heading={heading} intro={intro}>
      <ul ref={ref} className={`${surfaces.list} ${classes.list}`}>
        {items.map((item) => {
          const final = format(item.value)
          return (
            <li key={item.label} className={classes.item}>
              <p className={classes.value}>
                {/* Width reserved for the final figure, so counting never moves the text around it. */}
                <span className={classes.number} style={{ minWidth: `${final.length}ch` }}>
                  {format(Math.round(item.value * progress))}
                </span>
                {item.suffix}
              </p>
              <p className={classes.label}>{item.label}</p>
            </li>
          )
        })}
      </ul>
    </RevealSection>
  )
}
