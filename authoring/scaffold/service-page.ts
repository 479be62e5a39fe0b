import type { AuthoredBlock } from '../../site/generated/authored-block.ts'
import type { Link, LogoStripBlock } from '../../site/generated/site-config.ts'
import type { AuthoredRoute } from './authored-route.ts'
import type { PageSections } from './page-sections.ts'

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
  /** How many cards and reasons, and whether a closing call to action. */
  sections: PageSections
}

export type PartnerLogo = LogoStripBlock['logos'][number]

/**
 * A service page in the usual shape: hero, feature cards, partner strip, reasons, closing call to
 * action, each section as asked for. What the page's title, the company's name and the site's
 * contact page say is written (the headings, the buttons); every text only its author can write is
 * left empty, never made up, so nothing has to be deleted: the checker lists each as a text to
 * write ("text" is empty), on its field in the editor.
 */
export function servicePage({ path, title, companyName, family, partners, contact, sections }: ServicePageInput): AuthoredRoute {
  const actions = contact ? { actions: [contact] } : {}
  const blocks: AuthoredBlock[] = [{ type: 'pageHero', ...(family ? { eyebrow: family } : {}), heading: title, ...actions }]
  // Columns left out: the grid puts as many cards in a row as suits their number.
  if (sections.cards > 0) blocks.push({ type: 'cardGrid', heading: `What ${title} includes`, cards: Array.from({ length: sections.cards }, () => ({ text: '' })) })
  blocks.push(...partnerStrip(partners))
  if (sections.reasons > 0)
    blocks.push({ type: 'valueList', heading: `Why choose ${companyName}`, items: Array.from({ length: sections.reasons }, () => ({ title: '', text: '' })) })
  if (sections.callToAction && contact) blocks.push({ type: 'ctaBand', heading: `Interested in ${title}?`, actions: [contact] })
  return { path, title, description: '', blocks }
}

function partnerStrip([first, ...others]: PartnerLogo[]): Extract<AuthoredBlock, { type: 'logoStrip' }>[] {
  return first ? [{ type: 'logoStrip', heading: 'Partners', durationSeconds: 20, logos: [first, ...others] }] : []
}
