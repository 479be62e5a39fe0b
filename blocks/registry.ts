import type { ComponentType } from 'react'
import type { Block } from '../site/generated/site-config'

type BlockOfType<T extends Block['type']> = Extract<Block, { type: T }>
type BlockLoader<T extends Block['type']> = () => Promise<{ default: ComponentType<BlockOfType<T>> }>
export type BlockRegistry = { [T in Block['type']]: BlockLoader<T> }

/**
 * Block type → its component, loaded on demand so a page downloads only the blocks it uses.
 * One line per block type; the type check fails when a schema has no component here.
 */
export const registry: BlockRegistry = {
  blogArticles: () => import('./blogArticles/BlogArticles'),
  cardGrid: () => import('./cardGrid/CardGrid'),
  caseStudies: () => import('./caseStudies/CaseStudies'),
  closingQuote: () => import('./closingQuote/ClosingQuote'),
  contactDetails: () => import('./contactDetails/ContactDetails'),
  ctaBand: () => import('./ctaBand/CtaBand'),
  form: () => import('./form/Form'),
  heroCarousel: () => import('./heroCarousel/HeroCarousel'),
  logoStrip: () => import('./logoStrip/LogoStrip'),
  pageHero: () => import('./pageHero/PageHero'),
  placeholder: () => import('./placeholder/Placeholder'),
  processSteps: () => import('./processSteps/ProcessSteps'),
  stats: () => import('./stats/Stats'),
  techGroups: () => import('./techGroups/TechGroups'),
  testimonials: () => import('./testimonials/Testimonials'),
  textSection: () => import('./textSection/TextSection'),
  timeline: () => import('./timeline/Timeline'),
  trustBadges: () => import('./trustBadges/TrustBadges'),
  valueList: () => import('./valueList/ValueList'),
}
