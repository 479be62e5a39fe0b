import type { Finding } from './problem.ts'
import { addressKey, collectAddresses, type Address } from './site-addresses.ts'
import type { SourcePositions } from './source-positions.ts'

/**
 * No two pages may share an address, in any letter case: the server would send both to one of
 * them and the other would be unreachable. Reported at the later one, naming the earlier one.
 */
export function duplicateAddressFindings(data: unknown, positions: SourcePositions): Finding[] {
  const first = new Map<string, Address>()
  const findings: Finding[] = []
  for (const address of collectAddresses(data)) {
    const key = addressKey(address.spelling)
    const earlier = first.get(key)
    if (!earlier) {
      first.set(key, address)
      continue
    }
    // An alias that only repeats its own page's path in another letter case is harmless.
    if (earlier.routeIndex === address.routeIndex) continue
    const other = positions.valuePosition(earlier.at)
    const spelt = earlier.spelling === address.spelling ? '' : ` "${earlier.spelling}"`
    findings.push({
      kind: 'reference',
      wherePath: address.at.slice(0, 2),
      ...positions.valuePosition(address.at),
      message: `The address "${address.spelling}" is already used by the page ${earlier.routePath} (as its ${earlier.kind}${spelt}, at line ${other.line}, column ${other.column}).`,
      hint: 'An address may belong to one page only, whatever its letter case: change or remove one of the two.',
    })
  }
  return findings
}
