import path from 'node:path'
import type { Finding } from './problem.ts'
import { addressKey, collectAddresses } from './site-addresses.ts'
import type { SourcePositions } from './source-positions.ts'
import { closestMatch } from './suggest.ts'
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
  const spellings = [...new Set(addresses.map((address) => address.spelling))]
  const findings: Finding[] = []
  for (const [objectPath, value] of walk(data)) {
    if (!isRecord(value) || typeof value.to !== 'string' || !isLocalPath(value.to)) continue
    const target = stripQueryAndHash(value.to)
    if (path.extname(target) !== '' || known.has(addressKey(target))) continue
    const guess = closestMatch(target, spellings)
    const label = typeof value.label === 'string' && value.label !== '' ? value.label : undefined
    const what = objectPath[0] === 'navigation' ? 'The menu entry' : objectPath[0] === 'footer' ? 'The footer link' : 'The link'
    findings.push({
      kind: 'reference',
      wherePath: objectPath,
      ...positions.valuePosition([...objectPath, 'to']),
      message: `${what}${label ? ` "${label}"` : ''} leads to "${value.to}", which is not a page of the site.${guess ? ` Did you mean "${guess}"?` : ''}`,
      hint: 'Use the path or an alias of a page in "routes", or add a page with this path.',
    })
  }
  return findings
}
