import type { ProcessStepsBlock } from '../../site/generated/site-config'
import { config } from '../../kit/config'
import { localNumber } from '../../site/locale-format'
import { revealItem } from '../../kit/motion/reveal-item'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './ProcessSteps.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

export default function ProcessSteps({ eyebrow, heading, intro, background, steps }: ProcessStepsBlock) {
  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro} stagger>
      {/* An ordered list: the numbers are the list's own, so screen readers announce "1 of 6". */}
      <ol className={`${surfaces.columns} ${classes.steps}`} data-count={steps.length}>
        {steps.map((step, index) => (
          <li key={step.title} {...revealItem(index, `${surfaces.card} ${surfaces.column} ${classes.step}`)}>
            <span className={classes.number} aria-hidden="true">
              {localNumber(index + 1, config.site.locale, { grouping: false, minimumDigits: 2 })}
            </span>
            <h3 className={classes.title}>{step.title}</h3>
            <p className={surfaces.muted}>{step.text}</p>
          </li>
        ))}
      </ol>
    </RevealSection>
  )
}
