import type { StatsBlock } from '../../site/generated/site-config'
import { config } from '../../kit/config'
import { useEnhancer } from '../../kit/enhancer'
import { localNumber } from '../../site/locale-format'
import { RevealSection } from '../../kit/motion/RevealSection'
import enhanceStats from './stats.enhance'
import classes from './Stats.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

/** The figures are final in the markup; stats.enhance.ts counts them up once they are in view. */
export default function Stats({ heading, intro, background, items }: StatsBlock) {
  // The site's locale, not the visitor's: the figures are grouped the same way before and after the count-up.
  const locale = config.site.locale
  const ref = useEnhancer<HTMLUListElement>(enhanceStats, JSON.stringify(items.map((item) => item.value)))
  return (
    <RevealSection background={background} heading={heading} intro={intro}>
      <ul ref={ref} className={`${surfaces.list} ${classes.list}`} data-locale={locale}>
        {items.map((item) => {
          const final = localNumber(item.value, locale)
          return (
            <li key={item.label} className={classes.item}>
              <p className={classes.value}>
                {/* Width reserved for the final figure, so counting never moves the text around it. */}
                <span className={classes.number} style={{ minWidth: `${final.length}ch` }} data-count-to={item.value}>
                  {final}
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
