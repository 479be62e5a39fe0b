import { expect, test } from '@playwright/test'
import { siteConfig, siteRoutes } from './support/site-routes'

/* Every served page's JSON-LD parses and has what search engines require of each type. */
/** A JSON-LD node: its type, and properties read one by one below. */
type Thing = { '@type': string } & Record<string, unknown>
const required: Record<string, string[]> = {
  Organization: ['name', 'url', 'logo', 'contactPoint', 'sameAs'],
  LocalBusiness: ['name', 'address', 'telephone'],
  BreadcrumbList: ['itemListElement'],
  BlogPosting: ['headline', 'author', 'datePublished', 'image'],
}

async function jsonLdOf(request: import('@playwright/test').APIRequestContext, path: string): Promise<Thing[]> {
  const html = await (await request.get(path)).text()
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!))
}

for (const route of siteRoutes) {
  test(`${route.path}: structured data`, async ({ request }) => {
    const things = await jsonLdOf(request, route.path)
    const types = things.map((thing) => thing['@type'])
    expect(types.filter((type) => type === 'Organization')).toHaveLength(1)
    expect(types).not.toContain('FAQPage')
    for (const thing of things) {
      expect(thing['@context']).toBe('https://schema.org')
      for (const property of required[thing['@type']] ?? ['unknown type']) expect(thing[property], `${thing['@type']}.${property}`).toBeTruthy()
    }
    const organization = things.find((thing) => thing['@type'] === 'Organization')!
    expect(organization.sameAs).toEqual(siteConfig.site.social.map((link) => link.url))
    expect((organization.contactPoint as Thing).telephone).toBe(siteConfig.site.phone)

    const offices = things.filter((thing) => thing['@type'] === 'LocalBusiness')
    expect(offices.map((office) => (office.address as Thing).addressLocality)).toEqual(
      ['/', '/contact'].includes(route.path) ? siteConfig.site.offices.map((office) => office.city) : [],
    )

    const breadcrumbs = things.find((thing) => thing['@type'] === 'BreadcrumbList')
    const nested = route.path.split('/').filter(Boolean).length > 1
    expect(Boolean(breadcrumbs), 'a BreadcrumbList exactly on nested pages').toBe(nested)
    if (breadcrumbs) {
      const items = breadcrumbs.itemListElement as Thing[]
      expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1))
      expect(items.at(-1)!.item).toBe(siteConfig.site.url + route.path)
      expect(items[0]!.item).toBe(siteConfig.site.url + '/')
    }

    const articles = route.blocks.flatMap((block) => (block.type === 'blogArticles' ? block.articles : []))
    const posts = things.filter((thing) => thing['@type'] === 'BlogPosting')
    expect(posts.map((post) => post.headline)).toEqual(articles.map((article) => article.title))
    for (const post of posts) expect(post.datePublished).toMatch(/^\d{4}-\d{2}(-\d{2})?$/)
  })
}
