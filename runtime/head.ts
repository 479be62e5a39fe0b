import type { Route, SiteConfig, SiteTexts } from '../site/generated/site-config'
import { shareImageFile, shareImageSize } from '../site/built-site-files'

/** Page metadata: the router's `head` option turns it into tags (see routeHead). */
export interface PageHead {
  title: string
  description: string
  canonical: string
  /** The page's own picture for link previews; without it, the one the build draws for the site. */
  shareImage?: Route['shareImage']
}

const shareImagePath = `/${shareImageFile}`

export function pageHead(site: SiteConfig['site'], route: Pick<Route, 'title' | 'description' | 'path' | 'shareImage'>): PageHead {
  return {
    title: `${route.title} | ${site.name}`,
    description: route.description,
    canonical: site.url + (route.path === '/' ? '/' : route.path),
    ...(route.shareImage ? { shareImage: route.shareImage } : {}),
  }
}

/** The 404 page's: its heading and sentence (texts.notFound) as its title and description. */
export function notFoundHead(site: SiteConfig['site'], texts: SiteTexts['notFound']): PageHead {
  return { title: `${texts.title} | ${site.name}`, description: texts.text, canonical: site.url + '/' }
}

/**
 * The tags of one page, in the shape of TanStack Router's `head` route option: title,
 * description and canonical link, Open Graph and Twitter card. <HeadContent /> renders them,
 * in the prerender and on every client navigation alike.
 */
export function routeHead(site: SiteConfig['site'], head: PageHead) {
  const { src, width, height, alt } = head.shareImage ?? { src: shareImagePath, ...shareImageSize, alt: site.name }
  const image = site.url + src
  return {
    meta: [
      { title: head.title },
      { name: 'description', content: head.description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: site.name },
      { property: 'og:title', content: head.title },
      { property: 'og:description', content: head.description },
      { property: 'og:url', content: head.canonical },
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: String(width) },
      { property: 'og:image:height', content: String(height) },
      { property: 'og:image:alt', content: alt },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: head.title },
      { name: 'twitter:description', content: head.description },
      { name: 'twitter:image', content: image },
    ],
    links: [{ rel: 'canonical', href: head.canonical }],
  }
}
