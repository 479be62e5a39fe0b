import { parse, type ParseError } from 'jsonc-parser'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { setJsonValue } from '../config/config-edit.ts'
import { contactLink } from './contact-link.ts'
import { findMenu } from './menus.ts'
import { countProblem, DEFAULT_SECTIONS, type PageSections } from './page-sections.ts'
import { pageFromTemplate, type PageTemplate } from './page-templates.ts'
import { availablePartners, partnerNames, pickPartners, UnknownPartner, unusableLogoFiles } from './partners.ts'
import type { PartnerLogo } from './service-page.ts'

/** A request the scaffold turns down; the message says why and what to do instead. */
export class ScaffoldRefusal extends Error {}

export interface NewPageRequest {
  path: string
  title: string
  /** A navigation menu to add the page to, by its label or the start of it, e.g. "services" (see findMenu). */
  menu?: string
  /** Partner names for the logo strip, as in public/images/partners/: comma-separated (the command line) or a list (the editor). */
  partners?: string | string[]
  /** What the page starts with; a service page unless told otherwise. */
  template?: PageTemplate
  /** A service page's cards, reasons and call to action; each left out is as DEFAULT_SECTIONS has it. */
  sections?: Partial<PageSections>
}

const pageAddress = /^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/

/** Why a typed address is not a page address, in the checker's words, or null when it is one. */
function addressProblem(address: string): string | null {
  if (pageAddress.test(address)) return null
  const reason = !address.startsWith('/')
    ? 'it does not start with /'
    : /\s/.test(address)
      ? 'it contains a space'
      : /\/\//.test(address)
        ? 'it has two / in a row'
        : 'it contains a character other than letters, digits, - and _'
  return `"${address}" is not a page address: ${reason}. Use letters, digits, - and _ between slashes, e.g. /services/consulting.`
}

/**
 * The config text with a new page added after its siblings (same parent path) and, when asked, a
 * link in a navigation menu. Every other byte of the text stays as it was. Throws ScaffoldRefusal,
 * before changing anything, for a bad or taken address, an unknown menu or partner, or a number
 * of cards or reasons it cannot make.
 */
export function addServicePage(text: string, request: NewPageRequest, publicDir: string): { text: string; notes: string[]; hints: string[] } {
  const pagePath = request.path.length > 1 ? request.path.replace(/\/+$/, '') : request.path
  const title = request.title.trim()
  const problem = addressProblem(pagePath)
  if (problem) throw new ScaffoldRefusal(problem)
  if (!title) throw new ScaffoldRefusal('The --title is empty. Give the page a name, e.g. --title "Consulting".')
  // A section not asked about (even one given as undefined) is as DEFAULT_SECTIONS has it.
  const asked = Object.fromEntries(Object.entries(request.sections ?? {}).filter(([, value]) => value !== undefined))
  const sections: PageSections = { ...DEFAULT_SECTIONS, ...asked }
  const wrongCount = countProblem('cards', sections.cards) ?? countProblem('reasons', sections.reasons)
  if (wrongCount) throw new ScaffoldRefusal(wrongCount)

  const syntax: ParseError[] = []
  const config = parse(text, syntax, { disallowComments: true }) as SiteConfig
  if (syntax[0]) {
    const line = text.slice(0, syntax[0].offset).split('\n').length
    throw new ScaffoldRefusal(`The config has a mistake near line ${line}, so no page can be added safely. Run \`npm run validate\` to see it, fix it, then try again.`)
  }
  const wanted = pagePath.toLowerCase()
  for (const route of config.routes) {
    const spellings = [route.path, ...(route.aliases ?? [])]
    const taken = spellings.find((spelling) => spelling === pagePath) ?? spellings.find((spelling) => spelling.toLowerCase() === wanted)
    if (!taken) continue
    const page = `the page ${route.path} ("${route.title}")`
    const what = taken === route.path ? page : `${taken}, another spelling (alias) of ${page}`
    const reason = taken === pagePath ? `it is ${what}` : `addresses ignore letter case, so it is ${what}`
    throw new ScaffoldRefusal(`${pagePath} already exists: ${reason}. Choose another --path, or edit that page instead.`)
  }
  const template = request.template ?? 'service'
  const partners = availablePartners(config.routes, publicDir)
  let logos: PartnerLogo[] = []
  try {
    logos = request.partners === undefined ? [] : pickPartners(request.partners, partners, unusableLogoFiles(publicDir))
  } catch (error) {
    if (error instanceof UnknownPartner) throw new ScaffoldRefusal(error.message)
    throw error
  }
  const menu = request.menu === undefined ? undefined : findMenu(config.navigation, request.menu)
  if (menu && 'known' in menu) {
    const menus = menu.known.length > 0 ? `Menus: ${menu.known.join(', ')}.` : 'The navigation has no dropdown to add a link to; leave out the menu.'
    throw new ScaffoldRefusal(`There is no menu called "${request.menu}". ${menus}`)
  }

  const parent = pagePath.slice(0, pagePath.lastIndexOf('/'))
  // The sub-menu that heads the parent page names the page's family; without one, no family line.
  const family = config.navigation.items.flatMap((item) => ('items' in item ? item.items : [])).find((entry) => 'items' in entry && entry.to === parent)?.label
  const contact = contactLink(config.routes, config.navigation)
  const route = pageFromTemplate(template, { path: pagePath, title, companyName: config.site.name, family, partners: logos, contact, sections })
  // After its siblings (same parent path), so related pages stay together; else at the end.
  const lastSibling = config.routes.findLastIndex((existing) => parent !== '' && existing.path.startsWith(`${parent}/`))
  const insertAt = lastSibling >= 0 ? lastSibling + 1 : config.routes.length
  let updated = setJsonValue(text, ['routes', insertAt], route, { insert: true })
  const withLogos = logos.length > 0 ? `, with the logos of ${logos.map((logo) => logo.alt).join(', ')}` : ''
  const notes = [`Added ${pagePath} ("${title}") as routes[${insertAt}]${withLogos}.`]
  if (menu) {
    updated = setJsonValue(updated, [...menu.path, menu.length], { label: title, to: pagePath }, { insert: true })
    notes.push(`Added "${title}" to the ${menu.label} menu.`)
  }
  // Logos of vendors nobody chose are easy to publish by mistake, so without --partners there is no strip.
  const example = partners
    .slice(0, 2)
    .map((partner) => partner.name)
    .join(', ')
  const hints =
    logos.length === 0 && partners.length > 0
      ? [
          `The page has no partner logos, as none were chosen. To show some, create a page with --partners "${example}" (or add a logoStrip block by hand, see docs/blocks.md). Partners: ${partnerNames(partners)}.`,
        ]
      : []
  return { text: updated, notes, hints }
}
