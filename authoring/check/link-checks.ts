import path from 'node:path'
import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import { addressKey, collectAddresses, wellFormedAddress } from './site-addresses.ts'
import type { SourcePositions } from './source-positions.ts'
import { limitedGuesses } from './suggest.ts'
import { isLocalPath, isRecord, stripQueryAndHash, walk } from './walk.ts'

/**
 * Every `to` that starts with / — in blocks, the navigation and the footer alike — must reach a
 * page by its path or an alias (any letter case, as the server matches). Links to files
 * (/brochure.pdf) are left to the asset check.
 */
export function brokenLinkFindings(data: unknown, positions: SourcePositions): Finding[] {
  const addresses = collectAddresses(data)
  // Without any readable route every link would be "broken": the schema pass already says why.
  if (addresses.length === 0) return []
  const known = new Set(addresses.map((address) => addressKey(address.spelling)))
  // A malformed alias is reported on its own; suggesting it would repeat the mistake.
  const spellings = [...new Set(addresses.map((address) => address.spelling).filter((spelling) => wellFormedAddress.test(spelling)))]
  const findings: Finding[] = []
  const guessPage = limitedGuesses()
  for (const [objectPath, value] of walk(data)) {
    if (!isRecord(value) || typeof value.to !== 'string' || !isLocalPath(value.to)) continue
    const target = stripQueryAndHash(value.to)
    if (path.extname(target) !== '' || known.has(addressKey(target))) continue
    const guess = guessPage(target, spellings)
    const label = typeof value.label === 'string' && value.label !== '' ? value.label : undefined
    const what = objectPath[0] === 'navigation' ? 'menu entry' : objectPath[0] === 'footer' ? 'footer link' : 'link'
    findings.push({
      ...say(errorCatalogue.brokenLink, { what, label, to: value.to, guess }),
      wherePath: objectPath,
      valuePath: [...objectPath, 'to'],
      ...positions.valuePosition([...objectPath, 'to']),
    })
  }
  return findings
}
