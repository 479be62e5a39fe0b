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
