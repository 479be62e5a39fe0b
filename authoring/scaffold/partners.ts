import fs from 'node:fs'
import path from 'node:path'
import type { Route } from '../../site/generated/site-config.ts'
import { closestMatch } from '../check/suggest.ts'
import type { PartnerLogo } from './service-page.ts'

/** A partner logo file under public/images/partners/ and the name people know it by. */
interface Partner {
  name: string
  logo: PartnerLogo
}

/**
 * Every logo in public/images/partners/. Its name is the `alt` the config already gives that file
 * (so "HPE", not "Hpe"), else one made from the file name (palo-alto-networks → Palo Alto Networks).
 */
export function availablePartners(routes: Route[], publicDir: string): Partner[] {
  const dir = path.join(publicDir, 'images', 'partners')
  if (!fs.existsSync(dir)) return []
  const used = new Map<string, PartnerLogo>()
  for (const route of routes) {
    for (const block of route.blocks) if (block.type === 'logoStrip') for (const logo of block.logos) if (!used.has(logo.src)) used.set(logo.src, logo)
  }
  return fs
    .readdirSync(dir)
    .filter((file) => /\.(svg|png|jpe?g|webp|avif)$/i.test(file))
    .sort()
    .map((file) => {
      const src = `/images/partners/${file}`
      const logo = used.get(src) ?? { src, alt: nameFromFile(file), width: 160, height: 60 }
      return { name: logo.alt, logo }
    })
}

/** The reason a --partners name has no logo, with a did-you-mean; the scaffold refuses with it. */
export class UnknownPartner extends Error {}

/**
 * The logos for `--partners "Palo Alto Networks, Fortinet"`, in the order given. A name matches a
 * partner's name or file name, ignoring letter case, spaces and hyphens; anything else is refused
 * with the closest name, not guessed: a wrong vendor on a page is worse than none.
 */
export function pickPartners(list: string, partners: Partner[]): PartnerLogo[] {
  const wanted = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return wanted.map((name) => {
    const key = simplify(name)
    const found = partners.find((partner) => simplify(partner.name) === key || simplify(path.parse(partner.logo.src).name) === key)
    if (found) return found.logo
    const guess = closestMatch(
      name,
      partners.map((partner) => partner.name),
    )
    throw new UnknownPartner(`There is no partner logo "${name}" in public/images/partners/.${guess ? ` Did you mean "${guess}"?` : ''} Partners: ${partnerNames(partners)}.`)
  })
}

export function partnerNames(partners: Partner[]): string {
  return partners.map((partner) => partner.name).join(', ')
}

function nameFromFile(file: string): string {
  return path
    .parse(file)
    .name.replace(/-/g, ' ')
    .replace(/\b\w/g, (letter) => letter.toUpperCase())
}

function simplify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '')
}
