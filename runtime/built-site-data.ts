import type { PageStart, SharedSiteData, SiteData } from '../kit/config'
import { SITE_DATA_ELEMENT_ID } from '../site/site-data'

/** A built page's own data, which the content build wrote into it as JSON: only what its islands need. */
function inlinePageStart(): PageStart {
  const element = document.getElementById(SITE_DATA_ELEMENT_ID)
  if (!element?.textContent) throw new Error(`The page has no <script id="${SITE_DATA_ELEMENT_ID}">: it was not made by the content build`)
  return JSON.parse(element.textContent) as PageStart
}

/**
 * The page's SiteData: its own part from its HTML, the part every page shares from the
 * content-hashed file it names (kept by the browser for a year, so fetched once per site version).
 */
export async function builtSiteData(): Promise<{ data: SiteData; path: string }> {
  const { shared, path, texts, forms, pictures } = inlinePageStart()
  const response = await fetch(shared)
  if (!response.ok) throw new Error(`${shared} answered ${response.status}`)
  const sharedData = (await response.json()) as SharedSiteData
  return { data: { ...sharedData, texts, ...(forms ? { forms } : {}), ...(pictures ? { pictures } : {}) }, path }
}
