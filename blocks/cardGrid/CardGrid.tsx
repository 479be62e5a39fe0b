import '@mantine/core/styles/VisuallyHidden.css'
import { VisuallyHidden } from '@mantine/core'
import { IconArrowRight, IconCheck } from '@tabler/icons-react'
import type { CardGridBlock } from '../../site/generated/site-config'
import { SiteIcon } from '../../kit/lazy-icons'
import { revealItem } from '../../kit/motion/reveal-item'
import { RevealSection } from '../../kit/motion/RevealSection'
import { SiteLink } from '../../kit/SiteLink'
import { columnsFor } from './columns-for'
import classes from './CardGrid.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

type Card = CardGridBlock['cards'][number]

/** The arrow stays on the line of the label's last word, so a wrapped label never leaves it alone. */
function LabelWithArrow({ label }: { label: string }) {
  const words = label.split(' ')
  const last = words.pop()
  return (
    <>
      {words.length > 0 && `${words.join(' ')} `}
      <span className={classes.nowrap}>
        {last}
        <IconArrowRight size={16} aria-hidden="true" />
      </span>
    </>
  )
}

function FeatureCard({ card }: { card: Card }) {
  const icon = card.icon
  return (
    <>
      {icon && (
        <span className={`${surfaces.iconTile} ${classes.icon}`}>
          <SiteIcon name={icon} size={28} stroke={1.75} aria-hidden="true" />
        </span>
      )}
      {card.title && <h3 className={classes.title}>{card.title}</h3>}
      <p className={`${surfaces.muted} ${classes.text}`}>{card.text}</p>
      {card.features && card.features.length > 0 && (
        <ul className={`${surfaces.list} ${classes.features}`}>
          {card.features.map((feature) => (
            <li key={feature}>
              <IconCheck size={16} stroke={2.5} aria-hidden="true" className={classes.check} />
              {feature}
            </li>
          ))}
        </ul>
      )}
      {card.link && (
        <SiteLink to={card.link.to} className={classes.link}>
          <LabelWithArrow label={card.link.label} />
          {/* Many cards share a label like "Learn More"; say which card it belongs to. */}
          {card.title && <VisuallyHidden>: {card.title}</VisuallyHidden>}
        </SiteLink>
      )}
    </>
  )
}

function CompactCard({ card }: { card: Card }) {
  const icon = card.icon
  return (
    <>
      {icon && (
        <span className={`${surfaces.iconTile} ${classes.icon}`}>
          <SiteIcon name={icon} size={24} stroke={1.75} aria-hidden="true" />
        </span>
      )}
      <div>
        {card.title && <h3 className={classes.title}>{card.title}</h3>}
        <p className={`${surfaces.muted} ${classes.text}`}>{card.text}</p>
        {card.link && (
          <SiteLink to={card.link.to} className={classes.link}>
            {card.link.label}
          </SiteLink>
        )}
      </div>
    </>
  )
}

export default function CardGrid({ eyebrow, heading, intro, columns, variant, background, cards }: CardGridBlock) {
  const Body = variant === 'compact' ? CompactCard : FeatureCard
  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro} stagger>
      <ul className={`${surfaces.columns} ${classes.grid}`} data-columns={columns ?? columnsFor(cards.length)} data-variant={variant}>
        {cards.map((card, index) => (
          <li key={card.title ?? card.text} {...revealItem(index, `${surfaces.card} ${surfaces.column} ${classes.card}`)}>
            <Body card={card} />
          </li>
        ))}
      </ul>
    </RevealSection>
  )
}
