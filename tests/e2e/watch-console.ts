import { expect, type Page } from '@playwright/test'

/** Collects console errors, page errors and failed requests, to assert a page loads cleanly. */
export function watchPage(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('requestfailed', (request) => {
    // Outbound links are never requested by our pages; a failed request is always ours.
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') problems.push(`HTTP ${response.status()}: ${response.url()}`)
  })
  return {
    problems,
    expectClean: () => expect(problems).toEqual([]),
  }
}
