import { expect, type Page } from '@playwright/test'

/**
 * Records every `securitypolicyviolation` (a blocked inline script, a style, a frame, a fetch) the
 * page reports from its first script on; the returned function reads them.
 */
export async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`)
    })
  })
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
}

/** The policy every page is sent with: scripts by hash only, no inline, never framed. */
export function expectStrictPolicy(policy: string) {
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
  expect(policy).toContain("frame-ancestors 'none'")
}
