import type { APIRequestContext, Page } from '@playwright/test'

interface Target {
  /** Status after following redirects (an alias answers 301 to its canonical page). */
  status: number
  finalPath: string
  /** Element ids in the answered HTML, to check `#fragment` links. */
  ids: Set<string>
}

/**
 * One request per distinct path for the whole run of this worker: pages share their header and
 * footer links, so the ~30 pages hold only a few dozen distinct targets.
 */
const targets = new Map<string, Promise<Target>>()

function fetchTarget(request: APIRequestContext, path: string): Promise<Target> {
  let target = targets.get(path)
  if (!target) {
    target = request.get(path, { maxRedirects: 5 }).then(async (response) => {
      const html = response.headers()['content-type']?.includes('text/html') ? await response.text() : ''
      return {
        status: response.status(),
        finalPath: new URL(response.url()).pathname,
        ids: new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!)),
      }
    })
    targets.set(path, target)
  }
  return target
}

/** The hrefs of every same-origin link on the page, as written and as the browser resolves them. */
async function internalLinks(page: Page) {
  return page.$$eval('a[href]', (anchors) =>
    anchors.map((anchor) => ({ href: anchor.getAttribute('href')!, url: (anchor as HTMLAnchorElement).href })).filter(({ url }) => new URL(url).origin === window.location.origin),
  )
}

/**
 * Requests every internal link target of the page (following redirects) and returns one line per
 * link that does not end on a 200 page, or whose #fragment names no element there.
 */
export async function brokenLinks(page: Page, request: APIRequestContext): Promise<string[]> {
  const here = new URL(page.url())
  const links = await internalLinks(page)
  const problems = await Promise.all(
    [...new Map(links.map((link) => [link.href, link])).values()].map(async ({ href, url }) => {
      const { pathname, search, hash } = new URL(url)
      const fragment = decodeURIComponent(hash.slice(1))
      if (pathname === here.pathname && search === here.search) {
        const found = !fragment || (await page.locator(`[id="${fragment}"]`).count()) > 0
        return found ? null : `${href} → no element with id "${fragment}" on this page`
      }
      const target = await fetchTarget(request, pathname + search)
      if (target.status !== 200) return `${href} → HTTP ${target.status} (ended at ${target.finalPath})`
      if (fragment && !target.ids.has(fragment)) return `${href} → ${target.finalPath} has no element with id "${fragment}"`
      return null
    }),
  )
  return problems.filter((problem): problem is string => problem !== null)
}
