import type { ComponentType } from 'react'
import type { Block } from '../site/generated/site-config'
import type { Enhancer } from '../kit/enhancer'
import type { Hydration } from '../kit/hydration'
import { formHydration } from './form/form-hydration'

type BlockOfType<T extends Block['type']> = Extract<Block, { type: T }>
type BlockLoader<T extends Block['type']> = () => Promise<{ default: ComponentType<BlockOfType<T>> }>

/** A block type's component, loaded on demand, and whether a built page hydrates it (kit/hydration.ts). */
interface BlockEntry<T extends Block['type']> {
  load: BlockLoader<T>
  interactive: Hydration
  /**
   * Its behaviour as plain script (kit/enhancer.ts, a module `<type in kebab-case>.enhance.ts`), which its
   * component runs too: a built page runs this on the prerendered HTML instead of hydrating the
   * block, and loads no React for it.
   */
  enhance?: () => Promise<{ default: Enhancer }>
  /**
   * The part of the block React hydrates, when not the whole block: the component places it in an
   * `<Island name={type}>` (kit/islands/Island.tsx) and the rest only shows. Its module is
   * `<Type>Island.tsx` (the content build finds its chunk by that name).
   */
  island?: () => Promise<{ default: ComponentType<never> }>
}
export type BlockRegistry = { [T in Block['type']]: BlockEntry<T> }

/**
 * Block type → its component, loaded on demand so a page downloads only the blocks it uses, and
 * when a built page brings it to life: never for a block that only shows (its prerendered HTML is
 * all a visitor needs), 'visible' or 'idle' for one with handlers or motion, with its plain-script
 * `enhance` when it has one (preferred: no React in the browser), else hydrated with React. One
 * line per block type; the type check fails when a schema has no entry here or an entry does not choose.
 */
export const registry: BlockRegistry = {
  blogArticles: { load: () => import('./blogArticles/BlogArticles'), interactive: false },
  cardGrid: { load: () => import('./cardGrid/CardGrid'), interactive: false },
  caseStudies: { load: () => import('./caseStudies/CaseStudies'), interactive: 'visible', enhance: () => import('./caseStudies/case-studies.enhance') },
  closingQuote: { load: () => import('./closingQuote/ClosingQuote'), interactive: false },
  contactDetails: { load: () => import('./contactDetails/ContactDetails'), interactive: false },
  ctaBand: { load: () => import('./ctaBand/CtaBand'), interactive: false },
  form: { load: () => import('./form/Form'), interactive: formHydration, island: () => import('./form/FormIsland') },
  heroCarousel: { load: () => import('./heroCarousel/HeroCarousel'), interactive: 'visible', enhance: () => import('./heroCarousel/hero-carousel.enhance') },
  logoStrip: { load: () => import('./logoStrip/LogoStrip'), interactive: false },
  pageHero: { load: () => import('./pageHero/PageHero'), interactive: false },
  placeholder: { load: () => import('./placeholder/Placeholder'), interactive: false },
  processSteps: { load: () => import('./processSteps/ProcessSteps'), interactive: false },
  stats: { load: () => import('./stats/Stats'), interactive: 'visible', enhance: () => import('./stats/stats.enhance') },
  techGroups: { load: () => import('./techGroups/TechGroups'), interactive: false },
  testimonials: { load: () => import('./testimonials/Testimonials'), interactive: false },
  textSection: { load: () => import('./textSection/TextSection'), interactive: false },
  timeline: { load: () => import('./timeline/Timeline'), interactive: false },
  trustBadges: { load: () => import('./trustBadges/TrustBadges'), interactive: false },
  valueList: { load: () => import('./valueList/ValueList'), interactive: false },
}
