/**
 * What a visitor's browser shows of a site in two languages: the shipped site with Bengali added
 * for three pages, each language's site rendered by the site's own router (createSiteRouter) as
 * its shell and route table arrive (site/languages.ts → site/site-data.ts): the language switcher
 * in the header, links that stay in the page's language, the head's hreflang alternates, Bengali
 * digits; and the same site in one language, which shows none of it.
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { withSchemaDefaults } from '../../authoring/config/config-defaults'
import { provideSiteData } from '../../kit/config'
import { resolveLink } from '../../kit/site-links'
import { App } from '../../runtime/App'
import { createSiteRouter } from '../../runtime/router'
import type { SiteConfig } from '../../site/generated/site-config'
import { languageSites, type LanguageSiteConfig } from '../../site/languages'
import { pageDataOf, siteDataOf } from '../../site/site-data'
import { bilingualSiteConfig, shippedConfig } from '../helpers/bilingual-site'

const shipped = shippedConfig
const siteUrl = shipped.site.url

const [english, bengali] = languageSites(bilingualSiteConfig()).map((site) => site.config)

/** A language's site at a path, as the browser shows it: the site's router, its shell and its pages' content handed in. */
async function showPage(config: SiteConfig | LanguageSiteConfig, at: string) {
  cleanup()
  const site = withSchemaDefaults(config)
  provideSiteData(siteDataOf(site, 'all'), async (page) =>
    pageDataOf(
      site,
      site.routes.find((route) => route.path === page)!,
    ),
  )
  const router = createSiteRouter(createMemoryHistory({ initialEntries: [at] }))
  await act(() => router.load())
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  )
  await act(async () => {})
  return router
}

/** The header's language links: each one's name, address, language and whether it is the current one. */
function switcherLinks(name: string) {
  const header = document.querySelector('header')!
  return within(within(header).getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => ({
      name: link.textContent,
      href: link.getAttribute('href'),
      lang: link.getAttribute('lang'),
      hreflang: link.getAttribute('hreflang'),
      current: link.getAttribute('aria-current'),
    }))
}

/** A link of the header's main menu, by its label. */
const menuLink = (label: string) => within(document.querySelector<HTMLElement>('header nav')!).getByRole('link', { name: label })

const alternateLinks = () => [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`).sort()

/** Whether the browser is left to follow a click (a full page load), rather than the router taking it. */
const clickIsLeftToBrowser = (link: HTMLElement) => fireEvent.click(link)

afterEach(() => {
  cleanup()
  for (const tag of document.head.querySelectorAll('title, meta, link')) tag.remove()
})

describe('the language switcher', () => {
  it('leads from a translated page to the same page in each language, each named in its own language, the current one marked', async () => {
    await showPage(bengali!, '/bn/about')
    expect(switcherLinks('ভাষা')).toEqual([
      { name: 'English', href: '/about', lang: 'en-IN', hreflang: 'en-IN', current: null },
      { name: 'বাংলা', href: '/bn/about', lang: 'bn-IN', hreflang: 'bn-IN', current: 'true' },
    ])
    await showPage(english!, '/contact')
    expect(switcherLinks('Language').map(({ href }) => href)).toEqual(['/contact', '/bn/contact'])
  })

  it("leads to the other language's home from a page not translated into it, and from the 404 page", async () => {
    await showPage(english!, '/services')
    expect(switcherLinks('Language').map(({ href, current }) => [href, current])).toEqual([
      ['/services', 'true'],
      ['/bn', null],
    ])
    await showPage(bengali!, '/bn/no-such-page')
    expect(switcherLinks('ভাষা').map(({ href }) => href)).toEqual(['/', '/bn'])
  })

  it('is in the phone menu too, with the same links', async () => {
    await showPage(bengali!, '/bn/about')
    // The phone menu is in the page, closed (jsdom has no modal dialogs to open it: the browser tests open it).
    const menu = screen.getByRole('dialog', { hidden: true })
    const links = within(within(menu).getByRole('navigation', { name: 'ভাষা', hidden: true })).getAllByRole('link', { hidden: true })
    expect(links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('hreflang'), link.getAttribute('aria-current')])).toEqual([
      ['English', '/about', 'en-IN', null],
      ['বাংলা', '/bn/about', 'bn-IN', 'true'],
    ])
  })

  it('is a plain link: switching language loads the other language’s pages, it is not a navigation of this one', async () => {
    await showPage(bengali!, '/bn/about')
    expect(clickIsLeftToBrowser(screen.getByRole('link', { name: 'English' }))).toBe(true)
  })
})

describe('links on a page of a language', () => {
  it('lead to the page in the same language when it is translated, in any spelling the config may use', async () => {
    await showPage(bengali!, '/bn/about')
    const contact = menuLink(bengali!.navigation.items.find((item) => 'to' in item && item.to === '/contact')!.label)
    expect(contact.getAttribute('href')).toBe('/bn/contact')
    // The router takes it: the page changes without leaving the Bengali site.
    expect(clickIsLeftToBrowser(contact)).toBe(false)
    expect(['/Contact', '/contact/#form', '/'].map((to) => resolveLink(to))).toEqual([
      { href: '/bn/contact', routed: true },
      { href: '/bn/contact#form', routed: true },
      { href: '/bn', routed: true },
    ])
  })

  it("lead to the default language's page, by a full load, when the page is not translated", async () => {
    const router = await showPage(bengali!, '/bn/about')
    const quote = menuLink(bengali!.navigation.items.find((item) => 'to' in item && item.to === '/get-quote')!.label)
    expect(quote.getAttribute('href')).toBe('/get-quote')
    expect(clickIsLeftToBrowser(quote)).toBe(true)
    expect(router.state.location.pathname).toBe('/bn/about')
    const cloud = [...document.querySelectorAll('footer a')].find((link) => link.textContent === 'Cloud Services')
    expect(cloud?.getAttribute('href')).toBe('/cloud_services')
  })

  it("the logo and the 404 page lead to the language's home", async () => {
    await showPage(bengali!, '/bn/no-such-page')
    const logo = document.querySelector('header a')!
    expect(logo.getAttribute('href')).toBe('/bn')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('পাতাটি পাওয়া যায়নি')
    const home = within(screen.getByRole('main')).getByRole('link', { name: withSchemaDefaults(bengali!).texts.notFound.homeLink })
    expect(home.getAttribute('href')).toBe('/bn')
  })
})

describe('numbers on a page of a language', () => {
  it('are written in that language’s digits: the 404 and the footer’s year in Bengali', async () => {
    await showPage(bengali!, '/bn/no-such-page')
    const year = new Intl.NumberFormat('bn-IN', { useGrouping: false }).format(new Date().getFullYear())
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('৪০৪')
    expect(year).toMatch(/^[০-৯]{4}$/)
    expect(document.querySelector('footer')!.textContent).toContain(`© ${year}`)
  })
})

describe('the head of a page in several languages', () => {
  it('names the page in each of its languages and the default language’s as x-default, and follows a client navigation', async () => {
    const router = await showPage(bengali!, '/bn/about')
    expect(alternateLinks()).toEqual([`bn-IN ${siteUrl}/bn/about`, `en-IN ${siteUrl}/about`, `x-default ${siteUrl}/about`])
    await act(() => router.navigate({ to: '/bn' }))
    expect(alternateLinks()).toEqual([`bn-IN ${siteUrl}/bn`, `en-IN ${siteUrl}/`, `x-default ${siteUrl}/`])
  })

  it('names no alternate for a page in one language only', async () => {
    await showPage(english!, '/services')
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${siteUrl}/services`)
    expect(alternateLinks()).toEqual([])
  })
})

describe('a site in one language', () => {
  it('shows no language switcher and names no alternates, its links the router’s as before', async () => {
    await showPage(shipped, '/about')
    expect(document.querySelector('header')!.querySelectorAll('[hreflang], [lang]')).toHaveLength(0)
    expect(screen.queryByRole('navigation', { name: 'Language' })).toBeNull()
    expect(alternateLinks()).toEqual([])
    const logo = document.querySelector('header a')!
    expect(logo.getAttribute('href')).toBe('/')
    const cloud = [...document.querySelectorAll('footer a')].find((link) => link.textContent === 'Cloud Services')
    expect(cloud?.getAttribute('href')).toBe('/cloud_services')
    expect(clickIsLeftToBrowser(cloud as HTMLElement)).toBe(false)
  })
})
