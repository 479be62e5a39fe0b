import type { Route, SiteConfig, SiteTexts } from '../site/generated/site-config'
import { shareImageFile, shareImageSize } from '../site/built-site-files'
import type { SiteLanguages } from '../site/languages'
import type { RouteSummary } from '../site/page-content'

/** Page metadata: the router's `head` option turns it into tags (see routeHead). */
export interface PageHead {
  title: string
  description: string
  canonical: string
  /** The page's own picture for link previews; without it, the one the build draws for the site. */
  shareImage?: Route['shareImage']
  /** The same page in each of its languages (a language's tag, or "x-default", and the absolute URL), when it is in more than one. */
  alternates?: Array<{ hreflang: string; href: string }>
}

const shareImagePath = `/${shareImageFile}`

const absoluteUrl = (site: SiteConfig['site'], path: string) => site.url + (path === '/' ? '/' : path)

/**
 * Where search engines find the page in each language it is in, and which of them to show a
 * visitor whose language the site does not have: the default language's (x-default).
 */
function languageAlternates(site: SiteConfig['site'], paths: Record<string, string>, languages: SiteLanguages): PageHead['alternates'] {
  const inPage = languages.choices.filter((choice) => paths[choice.language] !== undefined)
  const fallback = paths[languages.choices[0]!.language]
  return [
    ...inPage.map((choice) => ({ hreflang: choice.tag, href: absoluteUrl(site, paths[choice.language]!) })),
    ...(fallback === undefined ? [] : [{ hreflang: 'x-default', href: absoluteUrl(site, fallback) }]),
  ]
}

/** A page's head; in a site of several languages (the shell's `languages`), with where the page is in each of its languages. */
export function pageHead(
  site: SiteConfig['site'],
  route: Pick<Route, 'title' | 'description' | 'path' | 'shareImage'> & Pick<RouteSummary, 'alternates'>,
  languages?: SiteLanguages,
): PageHead {
  return {
    title: `${route.title} | ${site.name}`,
    description: route.description,
    canonical: absoluteUrl(site, route.path),
    ...(route.shareImage ? { shareImage: route.shareImage } : {}),
    ...(route.alternates && languages ? { alternates: languageAlternates(site, route.alternates, languages) } : {}),
  }
}

/** The 404 page's: its heading and sentence (texts.notFound) as its title and description. */
export function notFoundHead(site: SiteConfig['site'], texts: SiteTexts['notFound']): PageHead {
  return { title: `${texts.title} | ${site.name}`, description: texts.text, canonical: absoluteUrl(site, '/') }
}

/**
 * The tags of one page, in the shape of TanStack Router's `head` route option: title,
 * description, canonical link and the page's other languages, Open Graph and Twitter card. <HeadContent /> renders them,
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
    // React writes `hrefLang` as the hreflang attribute.
    links: [{ rel: 'canonical', href: head.canonical }, ...(head.alternates ?? []).map(({ hreflang, href }) => ({ rel: 'alternate', hrefLang: hreflang, href }))],
  }
}
