import { pageModuleName } from '../../site/page-module-name.ts'
import { reservedOwner } from '../../site/reserved-addresses.ts'
import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import { addressKey, collectAddresses, wellFormedAddress, type Address } from './site-addresses.ts'
import type { SourcePositions } from './source-positions.ts'

/**
 * No two pages may share an address, in any letter case: the server would send both to one of
 * them and the other would be unreachable. Reported at the later one, naming the earlier one.
 */
export function duplicateAddressFindings(data: unknown, positions: SourcePositions): Finding[] {
  const first = new Map<string, Address>()
  const findings: Finding[] = []
  // A malformed address is reported by the schema pass; a clash of it would be a follow-on.
  for (const address of collectAddresses(data).filter((address) => wellFormedAddress.test(address.spelling))) {
    const key = addressKey(address.spelling)
    const earlier = first.get(key)
    if (!earlier) {
      first.set(key, address)
      continue
    }
    // An alias that only repeats its own page's path in another letter case is harmless.
    if (earlier.routeIndex === address.routeIndex) continue
    const other = positions.valuePosition(earlier.at)
    const earlierSpelling = earlier.spelling === address.spelling ? undefined : earlier.spelling
    findings.push({
      ...say(errorCatalogue.duplicateAddress, { spelling: address.spelling, earlierPage: earlier.routePath, earlierKind: earlier.kind, earlierSpelling, ...other }),
      wherePath: address.at.slice(0, 2),
      valuePath: address.at,
      ...positions.valuePosition(address.at),
    })
  }
  return findings
}

/** Addresses the server, nginx or the build answer themselves (site/reserved-addresses.ts). */
export function reservedAddressFindings(data: unknown, positions: SourcePositions): Finding[] {
  return collectAddresses(data).flatMap((address) => {
    const owner = wellFormedAddress.test(address.spelling) ? reservedOwner(address.spelling) : undefined
    if (!owner) return []
    return [
      {
        ...say(errorCatalogue.reservedAddress, { spelling: address.spelling, owner }),
        wherePath: address.at.slice(0, 2),
        valuePath: address.at,
        ...positions.valuePosition(address.at),
      },
    ]
  })
}

/**
 * Each page's content is a module named after its path (site/page-module-name.ts); two
 * paths with one name (/a-b and /a/b) would both load the first one's content.
 */
export function sharedPageFileFindings(data: unknown, positions: SourcePositions): Finding[] {
  const first = new Map<string, Address>()
  const findings: Finding[] = []
  for (const address of collectAddresses(data)) {
    if (address.kind !== 'path' || !wellFormedAddress.test(address.spelling)) continue
    const name = pageModuleName(address.spelling)
    const earlier = first.get(name)
    if (!earlier) {
      first.set(name, address)
      continue
    }
    // The same path twice is a duplicate address, said once by duplicateAddressFindings.
    if (addressKey(earlier.spelling) === addressKey(address.spelling)) continue
    findings.push({
      ...say(errorCatalogue.sharedPageFile, { path: address.spelling, earlierPath: earlier.spelling, file: `page-data/${name}.js`, ...positions.valuePosition(earlier.at) }),
      wherePath: address.at.slice(0, 2),
      valuePath: address.at,
      ...positions.valuePosition(address.at),
    })
  }
  return findings
}

/**
 * Any site needs a page at "/": the header's logo and the 404 page link there, and it is where the
 * bare address lands. No other page is required; every other link target is checked where it is.
 */
export function missingHomePageFindings(data: unknown, positions: SourcePositions): Finding[] {
  const addresses = collectAddresses(data)
  // Without any readable route the schema pass says why already.
  if (addresses.length === 0 || addresses.some((address) => address.kind === 'path' && address.spelling === '/')) return []
  return [{ ...say(errorCatalogue.missingHomePage, {}), wherePath: ['routes'], ...positions.containerPosition(['routes']) }]
}
