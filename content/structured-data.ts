import type { Route, SiteConfig } from '../site/generated/site-config.ts'
import { parseArticleDate } from '../site/article-date.ts'
import { officeCountry } from '../site/office-country.ts'

type Thing = Record<string, unknown>
type Article = Extract<Route['blocks'][number], { type: 'blogArticles' }>['articles'][number]

/** Routes whose page lists the offices: they carry each office as a business of its own. */
const officePages = new Set(['/', '/contact'])

/**
 * An article's date in ISO 8601 (site/article-date.ts). The checker has refused any other
 * date before the build reads one; this guard only names the value if that ever changes.
 */
function isoDate(text: string): string {
  const date = parseArticleDate(text)
  if (!date.ok) throw new Error(`Blog date "${text}" is not a date the site can read (\`npm run validate\` says why)`)
  return date.iso
}

/**
 * The schema.org JSON-LD of one page, from the config alone: the company as its site.businessType
 * (Organization by default) everywhere, with its offices on the pages that list them (each of that
 * type too, or LocalBusiness for a plain Organization), a BreadcrumbList on nested pages and a
 * BlogPosting per article on a page with articles. No FAQPage: the site has no FAQ. In a site of
 * several languages a language's pages are under its `prefix` (/bn), which is no level of the
 * breadcrumbs: /bn/services/x is the Bengali home, then /bn/services, then the page.
 */
export function structuredData(site: SiteConfig['site'], route: Route, routes: Route[], prefix = ''): Thing[] {
  const organizationId = `${site.url}/#organization`
  const logo = site.logo?.src ?? site.favicon
  const organization: Thing = {
    '@context': 'https://schema.org',
    '@type': site.businessType,
    '@id': organizationId,
    name: site.name,
    url: `${site.url}/`,
    ...(logo && { logo: site.url + logo }),
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', telephone: site.phone, email: site.email },
    sameAs: site.social.map((link) => link.url),
  }
  const things: Thing[] = [organization]
  const pagePath = route.path.slice(prefix.length) || '/'
  if (officePages.has(pagePath)) {
    const officeType = site.businessType === 'Organization' ? 'LocalBusiness' : site.businessType
    for (const office of site.offices) {
      const country = officeCountry(office, site.locale)
      things.push({
        '@context': 'https://schema.org',
        '@type': officeType,
        name: `${site.name}, ${office.city}`,
        parentOrganization: { '@id': organizationId },
        address: { '@type': 'PostalAddress', streetAddress: office.address, addressLocality: office.city, ...(country && { addressCountry: country }) },
        telephone: office.phone ?? site.phone,
        email: office.email ?? site.email,
        hasMap: office.mapUrl,
      })
    }
  }
  const segments = pagePath.split('/').filter(Boolean)
  if (segments.length > 1) {
    const trail = segments.map((_, index) => prefix + '/' + segments.slice(0, index + 1).join('/'))
    const crumbs = [{ name: 'Home', path: prefix || '/' }, ...trail.map((path) => ({ name: routes.find((candidate) => candidate.path === path)?.title, path }))]
    things.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      // A folder with no page of its own (e.g. /resources) is left out: every crumb must be a page.
      itemListElement: crumbs
        .filter((crumb) => crumb.name)
        .map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: site.url + (crumb.path === '/' ? '/' : crumb.path) })),
    })
  }
  const articles: Article[] = route.blocks.flatMap((block) => (block.type === 'blogArticles' ? block.articles : []))
  for (const article of articles) {
    things.push({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: article.title,
      description: article.intro,
      author: { '@type': 'Person', name: article.author },
      datePublished: isoDate(article.date),
      image: site.url + article.image.src,
      url: site.url + route.path,
      publisher: { '@id': organizationId },
    })
  }
  return things
}

/** The <script> tags of a page; "<" is escaped so no text in the config can end the element. */
export function structuredDataTags(things: Thing[]): string {
  return things.map((thing) => `<script type="application/ld+json">${JSON.stringify(thing).replace(/</g, '\\u003c')}</script>`).join('\n    ')
}
