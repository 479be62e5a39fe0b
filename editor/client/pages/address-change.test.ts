import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeChanges } from '../../../authoring/config/config-changes.ts'
import { checkConfigText } from '../../../authoring/check/index.ts'
import type { SiteConfig } from '../../../site/generated/site-config'
import { schemaFile } from '../schema/schema-refs'
import { changeAddress, linksTo } from './address-change'

const siteSchema = schemaFile('site.schema.json')!
const shippedText = fs.readFileSync(path.resolve(import.meta.dirname, '../../../site.config.json'), 'utf8')

const page = (path: string, blocks: unknown[] = [{ type: 'placeholder' }], extra: object = {}) => ({ path, ...extra, title: path, description: `The page ${path}.`, blocks })

/** A small site with a link to /about in every kind of place, and look-alikes that are not links to it. */
function site(): SiteConfig {
  return {
    site: { name: 'Test', url: 'https://www.example.com' },
    navigation: {
      items: [
        { label: 'About', to: '/about' },
        {
          label: 'Company',
          items: [
            { label: 'About us', to: '/About/', items: [{ label: 'Team', to: '/about#team' }] },
            { label: 'Careers', to: '/about-us' },
          ],
        },
      ],
    },
    footer: {
      columns: [
        {
          title: 'Company',
          links: [
            { label: 'About', to: '/about?from=footer' },
            { label: 'Team', to: '/about/team' },
          ],
        },
      ],
    },
    routes: [
      page('/', [
        {
          type: 'ctaBand',
          heading: 'Read /about',
          actions: [
            { label: 'About', to: '/about' },
            { label: 'Elsewhere', to: 'https://example.org/about' },
          ],
        },
      ]),
      page('/about', undefined, { aliases: ['/who-we-are'] }),
      page('/about-us'),
      page('/about/team'),
    ],
  } as unknown as SiteConfig
}

describe('links to a page', () => {
  it('are found by the link schema in the menu, its sub-menus, the footer and the blocks, in any letter case, with a query or #part', () => {
    expect(linksTo(site(), '/about', siteSchema)).toEqual([
      { path: ['navigation', 'items', 0, 'to'], to: '/about' },
      { path: ['navigation', 'items', 1, 'items', 0, 'to'], to: '/About/' },
      { path: ['navigation', 'items', 1, 'items', 0, 'items', 0, 'to'], to: '/about#team' },
      { path: ['footer', 'columns', 0, 'links', 0, 'to'], to: '/about?from=footer' },
      { path: ['routes', 0, 'blocks', 0, 'actions', 0, 'to'], to: '/about' },
    ])
  })

  it('are not addresses that merely start with it, other sites’ addresses, page paths or texts', () => {
    const found = linksTo(site(), '/about', siteSchema).map((link) => link.to)
    expect(found).not.toContain('/about-us')
    expect(found).not.toContain('/about/team')
    expect(found).not.toContain('https://example.org/about')
  })
})

describe('changing a page’s address', () => {
  const change = { routeIndex: 1, to: '/company', updateLinks: true, keepOldAddress: true }

  it('points every link to it at the new address, keeping each link’s query or #part', () => {
    const next = changeAddress(site(), change, siteSchema)
    expect(linksTo(next, '/about', siteSchema)).toEqual([])
    expect(linksTo(next, '/company', siteSchema).map((link) => link.to)).toEqual(['/company', '/company', '/company#team', '/company?from=footer', '/company'])
  })

  it('changes nothing else: look-alike links, other pages, texts, and every untouched branch is the same object', () => {
    const before = site()
    const next = changeAddress(before, change, siteSchema)
    const expected = site()
    const nav = expected.navigation.items as { to?: string; items?: { to: string; items?: { to: string }[] }[] }[]
    nav[0]!.to = '/company'
    nav[1]!.items![0]!.to = '/company'
    nav[1]!.items![0]!.items![0]!.to = '/company#team'
    expected.footer.columns![0]!.links[0]!.to = '/company?from=footer'
    ;(expected.routes[0]!.blocks[0] as unknown as { actions: { to: string }[] }).actions[0]!.to = '/company'
    expected.routes[1] = { ...expected.routes[1]!, path: '/company', aliases: ['/who-we-are', '/about'] }
    expect(next).toEqual(expected)
    expect(next.site).toBe(before.site)
    expect(next.routes[2]).toBe(before.routes[2])
    expect(next.routes[3]).toBe(before.routes[3])
  })

  it('keeps the old address as an alias, after the ones there are, unless asked not to', () => {
    expect(changeAddress(site(), change, siteSchema).routes[1]!.aliases).toEqual(['/who-we-are', '/about'])
    expect(changeAddress(site(), { ...change, keepOldAddress: false }, siteSchema).routes[1]!.aliases).toEqual(['/who-we-are'])
  })

  it('leaves the links alone when asked to', () => {
    const next = changeAddress(site(), { ...change, updateLinks: false }, siteSchema)
    expect(next.navigation).toEqual(site().navigation)
    expect(next.routes[1]!.path).toBe('/company')
  })

  it('adds no alias the page already answers to: a change of letter case, or an alias in another case', () => {
    expect(changeAddress(site(), { ...change, to: '/About' }, siteSchema).routes[1]).toMatchObject({ path: '/About', aliases: ['/who-we-are'] })
    const withCaseAlias = site()
    withCaseAlias.routes[1]!.aliases = ['/ABOUT']
    expect(changeAddress(withCaseAlias, change, siteSchema).routes[1]!.aliases).toEqual(['/ABOUT'])
  })

  it('drops the alias that becomes the path, and writes a first alias right after the path', () => {
    expect(changeAddress(site(), { ...change, to: '/who-we-are', keepOldAddress: false }, siteSchema).routes[1]).not.toHaveProperty('aliases')
    const next = changeAddress(site(), { ...change, routeIndex: 2, to: '/jobs' }, siteSchema)
    expect(Object.keys(next.routes[2]!)).toEqual(['path', 'aliases', 'title', 'description', 'blocks'])
    expect(next.routes[2]!.aliases).toEqual(['/about-us'])
  })

  it('saves the shipped site’s /career as /careers: its path, a new alias below it and its menu link, nothing else, and the checker is content', () => {
    const shipped = JSON.parse(shippedText) as SiteConfig
    const routeIndex = shipped.routes.findIndex((route) => route.path === '/career')
    const text = writeChanges(shippedText, changeAddress(shipped, { routeIndex, to: '/careers', updateLinks: true, keepOldAddress: true }, siteSchema))
    const expected = shippedText
      .replace('      "path": "/career",\n', '      "path": "/careers",\n      "aliases": [\n        "/career"\n      ],\n')
      .replace('        "to": "/career"\n', '        "to": "/careers"\n')
    expect(text).toBe(expected)
    expect(checkConfigText(text, 'site.config.json').problems).toEqual([])
  })
})
