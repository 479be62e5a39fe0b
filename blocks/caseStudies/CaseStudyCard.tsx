import '@mantine/core/styles/VisuallyHidden.css'
import { VisuallyHidden } from '@mantine/core'
import type { CaseStudiesBlock } from '../../site/generated/site-config'
import { FilledText } from '../../kit/FilledText'
import { SiteIcon } from '../../kit/lazy-icons'
import { SiteLink } from '../../kit/SiteLink'
import classes from './CaseStudies.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'
import { textsOf } from '../../kit/config'

const texts = textsOf('caseStudies')

type Study = CaseStudiesBlock['studies'][number]

/**
 * The description is cut to three lines with CSS line-clamp; the whole text is in the page all
 * along (screen readers and search engines read it), and Read more lifts the clamp
 * (case-studies.enhance.ts, run once for the whole block by CaseStudies.tsx). The description's id
 * comes from the study's: a built page renders each block on its own, where React's useId would
 * give the cards of two blocks the same ids.
 */
export function CaseStudyCard({ study }: { study: Study }) {
  const descriptionId = `case-study-${study.id}-description`
  const icon = study.icon
  return (
    <article className={`${surfaces.card} ${classes.card}`}>
      <div className={classes.top}>
        {icon && (
          <span className={`${surfaces.iconTile} ${classes.icon}`} aria-hidden="true">
            <SiteIcon name={icon} size={24} stroke={1.75} />
          </span>
        )}
        <p className={`${surfaces.tag} ${classes.industry}`}>{study.industry}</p>
      </div>
      <h3 className={classes.title}>{study.title}</h3>
      <p id={descriptionId} className={`${surfaces.muted} ${classes.description}`}>
        {study.description}
      </p>
      <button type="button" className={classes.toggle} aria-expanded="false" aria-controls={descriptionId} data-read-more={texts.readMore} data-show-less={texts.showLess}>
        {/* One text node with its space, the one the enhancer rewrites. */}
        {`${texts.readMore} `}
        <VisuallyHidden>
          <FilledText text={texts.about} values={{ title: study.title }} />
        </VisuallyHidden>
      </button>
      <p className={classes.impact}>{study.impact}</p>
      {study.metrics.length > 0 && (
        <dl className={classes.metrics}>
          {study.metrics.map((metric) => (
            <div key={metric.label} className={classes.metric}>
              <dt>{metric.label}</dt>
              <dd>{metric.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {study.link && (
        <div className={classes.footer}>
          <SiteLink to={study.link.to} className={classes.link}>
            {study.link.label}
          </SiteLink>
        </div>
      )}
    </article>
  )
}
