import type { CaseStudiesBlock } from '../../site/generated/site-config'
import { revealItem } from '../../kit/motion/reveal-item'
import { RevealSection } from '../../kit/motion/RevealSection'
import classes from './CaseStudies.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'
import { CaseStudyCard } from './CaseStudyCard'
import { useEnhancer } from '../../kit/enhancer'
import enhanceCaseStudies from './case-studies.enhance'

export default function CaseStudies({ eyebrow, heading, intro, background, studies }: CaseStudiesBlock) {
  const ref = useEnhancer<HTMLUListElement>(enhanceCaseStudies, studies.map((study) => study.id).join(' '))
  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro} stagger>
      <ul ref={ref} className={`${surfaces.list} ${classes.grid}`}>
        {studies.map((study, index) => (
          <li key={study.id} {...revealItem(index, classes.item)}>
            <CaseStudyCard study={study} />
          </li>
        ))}
      </ul>
    </RevealSection>
  )
}
