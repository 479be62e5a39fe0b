import type { AuthoredBlock } from '../../site/generated/authored-block.ts'
import type { LogoStripBlock } from '../../site/generated/site-config.ts'
import type { AuthoredRoute } from './authored-route.ts'

export interface ServicePageInput {
  path: string
  title: string
  companyName: string
  /** Family shown above the heading, e.g. "Security Solutions". */
  family: string
  /** Partner logos for the strip, as chosen with --partners; none = no strip (no logo nobody chose). */
  partners: PartnerLogo[]
}

export type PartnerLogo = LogoStripBlock['logos'][number]

/**
 * A complete service page in the site's usual shape: hero, capability cards, partner strip,
 * reasons, closing call to action. Texts are specific to the title and ready to refine.
 */
export function servicePage({ path, title, companyName, family, partners }: ServicePageInput): AuthoredRoute {
  return {
    path,
    title,
    description: `${title} designed, deployed and supported by the certified engineers of ${companyName} for organisations across India.`,
    blocks: [
      {
        type: 'pageHero',
        eyebrow: family,
        heading: `${title} Solutions`,
        highlight: title,
        paragraphs: [`${companyName} plans, deploys and runs ${title} for businesses, institutions and enterprises, with certified engineers and round-the-clock support.`],
        actions: [
          { label: 'Get a Quote', to: '/get-quote' },
          { label: 'Talk to an Expert', to: '/contact' },
        ],
      },
      {
        type: 'cardGrid',
        heading: `${title} Capabilities`,
        columns: 2,
        cards: [
          { icon: 'search', title: 'Assessment & Design', text: `We review your current environment and design a ${title} architecture that fits your risks and budget.` },
          { icon: 'tools', title: 'Deployment & Integration', text: `Certified engineers roll out ${title} and integrate it with the systems you already run.` },
          { icon: 'radar', title: 'Monitoring & Response', text: `Our 24/7 team watches your ${title} environment and acts on alerts before they become incidents.` },
          { icon: 'clipboard-check', title: 'Compliance & Reporting', text: 'Clear reports that map controls to ISO 27001 and your auditors’ checklists.' },
        ],
      },
      ...partnerStrip(partners),
      {
        type: 'valueList',
        heading: `Why Choose ${companyName}`,
        columns: 2,
        items: [
          { icon: 'certificate', title: 'ISO-certified processes', text: 'ISO 9001:2015, ISO 27001:2013 and ISO/IEC 20000-1:2018 certified delivery.' },
          { icon: 'clock-24', title: '24/7 support', text: 'A helpdesk and monitoring team that never sleeps.' },
          { icon: 'handshake', title: 'Multi-vendor expertise', text: 'We recommend what fits you, not what one vendor sells.' },
          { icon: 'target', title: 'Tailored deployments', text: 'Every rollout is planned around your people, sites and budget.' },
        ],
      },
      {
        type: 'ctaBand',
        heading: `Ready to talk about ${title}?`,
        text: 'Tell us what you need and receive a custom quote within 24 hours.',
        actions: [
          { label: 'Get a Quote', to: '/get-quote' },
          { label: 'Talk to an Expert', to: '/contact' },
        ],
      },
    ],
  }
}

function partnerStrip([first, ...others]: PartnerLogo[]): Extract<AuthoredBlock, { type: 'logoStrip' }>[] {
  return first ? [{ type: 'logoStrip', heading: 'Technology Partners', durationSeconds: 20, logos: [first, ...others] }] : []
}
