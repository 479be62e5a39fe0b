import { describe, expect, it } from 'vitest'
import { buildCanonicalPaths, normalizePath } from '../../site/addresses'

describe('canonical paths', () => {
  const canonical = buildCanonicalPaths({
    routes: [
      { path: '/contact', aliases: ['/Contact'] },
      { path: '/managed_services_solutions', aliases: ['/Managed_services_solutions'] },
    ],
  })

  it('maps every spelling, in any letter case and with a trailing slash, to the canonical path', () => {
    expect(canonical.get(normalizePath('/Contact'))).toBe('/contact')
    expect(canonical.get(normalizePath('/CONTACT/'))).toBe('/contact')
    expect(canonical.get(normalizePath('/Managed_services_solutions'))).toBe('/managed_services_solutions')
    expect(canonical.get(normalizePath('/unknown'))).toBeUndefined()
  })
})
