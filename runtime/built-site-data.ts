import type { PageData, SiteData } from '../kit/config'
import { pageDataPath } from '../site/page-module-name'
import { SITE_DATA_ELEMENT_ID } from '../site/site-data'

/** A built page's own SiteData, which the content build wrote into it as JSON: no request before hydration. */
export function inlineSiteData(): SiteData {
  const element = document.getElementById(SITE_DATA_ELEMENT_ID)
  if (!element?.textContent) throw new Error(`The page has no <script id="${SITE_DATA_ELEMENT_ID}">: it was not made by the content build`)
  return JSON.parse(element.textContent) as SiteData
}

/** Another page's content, from the file the content build wrote for it (answered with no-cache and an ETag). */
export async function fetchPageData(path: string): Promise<PageData> {
  const response = await fetch(pageDataPath(path))
  if (!response.ok) throw new Error(`${pageDataPath(path)} answered ${response.status}`)
  return (await response.json()) as PageData
}
