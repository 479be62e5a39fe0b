import type { Route, SiteConfig } from './generated/site-config'

/** Page metadata shared by the prerender (static <head>) and client navigation. */
export interface PageHead {
  title: string
  description: string
  canonical: string
}

export function pageHead(site: SiteConfig['site'], route: Pick<Route, 'title' | 'description' | 'path'>): PageHead {
  return {
    title: `${route.title} | ${site.name}`,
    description: route.description,
    canonical: site.url + (route.path === '/' ? '/' : route.path),
  }
}

export function notFoundHead(site: SiteConfig['site']): PageHead {
  return { title: `Page Not Found | ${site.name}`, description: 'The page you are looking for does not exist or has been moved.', canonical: site.url + '/' }
}
