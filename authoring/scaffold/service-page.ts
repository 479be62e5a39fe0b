import type { AuthoredBlock } from '../../site/generated/authored-block.ts'
import type { IconName, Link, LogoStripBlock } from '../../site/generated/site-config.ts'
import type { AuthoredRoute } from './authored-route.ts'

export interface ServicePageInput {
  path: string
  title: string
  companyName: string
  /** The menu the page's parent heads, shown above the heading; none, no line there. */
  family?: string
  /** Partner logos for the strip, as chosen with --partners; none = no strip (no logo nobody chose). */
  partners: PartnerLogo[]
  /** The button to a page of this site where visitors get in touch (see contactLink); none, no buttons. */
  contact?: Link
}

export type PartnerLogo = LogoStripBlock['logos'][number]

/** What every new page says about itself until its author writes it, for search results and link previews. */
export const placeholderDescription = (title: string) => `Describe ${title} in one or two sentences: what it is and who it is for.`

/**
 * A complete service page in the usual shape: hero, feature cards, partner strip, reasons,
 * closing call to action. Its texts say what to write there, in no company's words, so any site
 * can use it; its buttons lead to a page the config has.
 */
export function servicePage({ path, title, companyName, family, partners, contact }: ServicePageInput): AuthoredRoute {
  const actions = contact ? { actions: [contact] } : {}
  const placeholders = (what: string, icons: IconName[]) =>
    icons.map((icon, index) => ({ icon, title: `${ordinals[index]} ${what}`, text: `Describe this ${what} in one sentence.` }))
  return {
    path,
    title,
    description: placeholderDescription(title),
    blocks: [
      {
        type: 'pageHero',
        ...(family ? { eyebrow: family } : {}),
        heading: title,
        paragraphs: [`Describe ${title} in one or two sentences: what it is, who it is for and what it changes for them.`],
        ...actions,
      },
      { type: 'cardGrid', heading: `What ${title} includes`, columns: 2, cards: placeholders('feature', ['bulb', 'tools', 'users', 'chart-bar']) },
      ...partnerStrip(partners),
      { type: 'valueList', heading: `Why choose ${companyName}`, columns: 2, items: placeholders('reason', ['star', 'handshake', 'target', 'award']) },
      ...(contact
        ? [{ type: 'ctaBand' as const, heading: `Interested in ${title}?`, text: 'Say in one sentence what a visitor gets by getting in touch.', actions: [contact] }]
        : []),
    ],
  }
}

const ordinals = ['First', 'Second', 'Third', 'Fourth']

function partnerStrip([first, ...others]: PartnerLogo[]): Extract<AuthoredBlock, { type: 'logoStrip' }>[] {
  return first ? [{ type: 'logoStrip', heading: 'Partners', durationSeconds: 20, logos: [first, ...others] }] : []
}
