import fs from 'node:fs'
import path from 'node:path'
import type { Route } from '../../site/generated/site-config.ts'
import { closestMatch } from '../check/suggest.ts'
import { readSchemaFile } from '../schemas/schema-files.ts'
import type { PartnerLogo } from './service-page.ts'

/** A partner logo file under public/images/partners/ and the name people know it by. */
interface Partner {
  name: string
  logo: PartnerLogo
}

/** A file in the folder that cannot be offered as a logo, and why, in words that say what to do. */
export interface UnusableLogoFile {
  file: string
  reason: string
}

/**
 * When one partner has logo files in several formats (zscaler.svg and zscaler.png), the one
 * offered: the file the config already shows (it is known to look right), else a drawing (SVG
 * stays sharp at any size and is usually the smallest), else the modern compressed formats before
 * PNG and JPEG; the file name settles the rest, so the choice is the same on every machine.
 */
const formatPreference = ['svg', 'webp', 'avif', 'png', 'jpg', 'jpeg']

/** The image schema's rule for a `src` (no spaces, one of the picture formats, in lower case): a logo offered must pass the checker. */
const imageSource = () => new RegExp((readSchemaFile('defs/image.schema.json').properties as Record<string, { pattern: string }>).src!.pattern)

/** Why a file name cannot be a logo's address as it is, or null when it can. */
function unusableBecause(file: string, sourcePattern: RegExp): string | null {
  if (file.startsWith('.')) return 'it is a hidden file'
  if (!/\.(svg|png|jpe?g|webp|avif)$/i.test(file)) return 'it is not a picture a browser shows (.svg, .png, .jpg, .webp or .avif)'
  if (/[#?%\\]/.test(file)) return 'its name has # ? % or \\, which mean something else in a web address: rename it'
  if (/\s/.test(file)) return `a picture path may not have a space: rename it ${file.replace(/\s+/g, '-')}`
  const ending = path.extname(file)
  if (ending !== ending.toLowerCase()) return `a picture path ends in lower case: rename it ${path.basename(file, ending)}${ending.toLowerCase()}`
  if (!sourcePattern.test(`/images/partners/${file}`)) return 'its name is not a picture path the checker takes: rename it with letters, digits and -'
  return null
}

/** The logos the config already shows, by file: their `alt` is the name people know the partner by. */
function logosInUse(routes: Route[]): Map<string, PartnerLogo> {
  const used = new Map<string, PartnerLogo>()
  // The editor hands in a config that may be half-written: anything of another shape is passed over.
  for (const route of Array.isArray(routes) ? routes : []) {
    for (const block of Array.isArray(route?.blocks) ? route.blocks : []) {
      if (block?.type !== 'logoStrip' || !Array.isArray(block.logos)) continue
      for (const logo of block.logos) if (typeof logo?.src === 'string' && !used.has(logo.src)) used.set(logo.src, logo)
    }
  }
  return used
}

function logoFiles(publicDir: string): { usable: string[]; unusable: UnusableLogoFile[] } {
  const dir = path.join(publicDir, 'images', 'partners')
  if (!fs.existsSync(dir)) return { usable: [], unusable: [] }
  const sourcePattern = imageSource()
  const usable: string[] = []
  const unusable: UnusableLogoFile[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue
    const reason = unusableBecause(entry.name, sourcePattern)
    // Hidden files (.DS_Store, ._logo.svg) are the system's, not the author's: not worth a word.
    if (!reason) usable.push(entry.name)
    else if (!entry.name.startsWith('.') && /\.(svg|png|jpe?g|webp|avif)$/i.test(entry.name)) unusable.push({ file: entry.name, reason })
  }
  return { usable, unusable }
}

/**
 * Every partner with a logo in public/images/partners/, once each. Its name is the `alt` the
 * config already gives that file (so "HPE", not "Hpe"), else one made from the file name
 * (palo-alto-networks → Palo Alto Networks). Names that differ only in letter case, spaces or
 * hyphens are one partner, with one file (formatPreference says which). Files whose names cannot
 * be a picture's address are left out; unusableLogoFiles says which and why.
 */
export function availablePartners(routes: Route[], publicDir: string): Partner[] {
  const used = logosInUse(routes)
  const chosen = new Map<string, { partner: Partner; rank: number }>()
  for (const file of logoFiles(publicDir).usable) {
    const src = `/images/partners/${file}`
    const usedLogo = used.get(src)
    const name = (typeof usedLogo?.alt === 'string' && usedLogo.alt.trim()) || nameFromFile(file)
    const key = simplify(name)
    if (!key) continue
    const rank = (usedLogo ? 0 : 100) + formatPreference.indexOf(path.extname(file).slice(1).toLowerCase())
    const known = chosen.get(key)
    // Files come in name order, so on a tie the first name wins.
    if (!known || rank < known.rank) chosen.set(key, { partner: { name, logo: usedLogo ?? { src, alt: name, width: 160, height: 60 } }, rank })
  }
  return [...chosen.values()].map(({ partner }) => partner).sort((a, b) => (a.logo.src < b.logo.src ? -1 : 1))
}

/** The picture files in public/images/partners/ that are not offered as logos, each with the reason. */
export function unusableLogoFiles(publicDir: string): UnusableLogoFile[] {
  return logoFiles(publicDir).unusable
}

/** The reason a --partners name has no logo, with a did-you-mean; the scaffold refuses with it. */
export class UnknownPartner extends Error {}

/**
 * The logos for `--partners "Palo Alto Networks, Fortinet"` (or the list of names the editor
 * sends, where a name may hold a comma), in the order given. A name matches a partner's name or
 * file name, ignoring letter case, spaces and hyphens; anything else is refused with the closest
 * name, not guessed: a wrong vendor on a page is worse than none.
 */
export function pickPartners(list: string | string[], partners: Partner[], unusable: UnusableLogoFile[] = []): PartnerLogo[] {
  const wanted = (Array.isArray(list) ? list : list.split(',')).map((name) => String(name).trim()).filter(Boolean)
  return wanted.map((name) => {
    const key = simplify(name)
    const found = partners.find((partner) => simplify(partner.name) === key || simplify(path.parse(partner.logo.src).name) === key)
    if (found) return found.logo
    const guess = closestMatch(
      name,
      partners.map((partner) => partner.name),
    )
    const unoffered = unusable.find((file) => simplify(path.parse(file.file).name) === key)
    const why = unoffered ? ` (${unoffered.file} is there, but ${unoffered.reason}.)` : ''
    throw new UnknownPartner(`There is no partner logo "${name}" in public/images/partners/.${why}${guess ? ` Did you mean "${guess}"?` : ''} Partners: ${partnerNames(partners)}.`)
  })
}

export function partnerNames(partners: Partner[]): string {
  return partners.map((partner) => partner.name).join(', ')
}

/** "palo-alto_networks" → "Palo Alto Networks"; letters of any alphabet ("société-générale" → "Société Générale"). */
function nameFromFile(file: string): string {
  return path
    .parse(file)
    .name.replace(/[-_\s]+/g, ' ')
    .trim()
    .replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase())
}

/** A name as it is matched: lower case, letters and digits of any alphabet only. */
function simplify(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}
