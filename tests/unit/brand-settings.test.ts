/**
 * The brand and the shell come from the config: the page's theme colour and favicon, the company's
 * business type and its offices' countries in the structured data, and what the checker says of
 * each new setting (chat services, any social network, link columns, logo and favicon files).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkConfigText, type ErrorCode } from '../../authoring/check/index.ts'
import { withSchemaDefaults } from '../../authoring/config/config-defaults.ts'
import { structuredData } from '../../content/structured-data.ts'
import { siteConfigModules } from '../../scripts/lib/vite-site-config.ts'
import { siteDataOf } from '../../site/site-data.ts'
import { themePalettes } from '../../site/theme-palettes.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'

const root = path.resolve(import.meta.dirname, '../..')
const shipped: SiteConfig = JSON.parse(fs.readFileSync(path.join(root, 'site.config.json'), 'utf8'))
const contactPage = shipped.routes.find((route) => route.path === '/contact')!

/** A copy of the shipped config with one change, as the build reads it (the schemas' defaults filled in). */
function changed(change: (config: SiteConfig) => void): SiteConfig {
  const config = structuredClone(shipped)
  change(config)
  return withSchemaDefaults(config)
}

/** The codes `npm run validate` reports for a copy of the shipped config with one change. */
function codesFor(change: (config: SiteConfig) => void): ErrorCode[] {
  const config = structuredClone(shipped)
  change(config)
  return checkConfigText(JSON.stringify(config, null, 2), 'site.config.json').problems.map((problem) => problem.code)
}

/** The site's page (index.html) as the build and the dev server hand it out for a config. */
function indexHtml(config: SiteConfig): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brand-')), 'site.config.json')
  fs.writeFileSync(file, JSON.stringify(config))
  const plugin = siteConfigModules(file) as unknown as { transformIndexHtml: { handler(html: string): string } }
  return plugin.transformIndexHtml.handler(fs.readFileSync(path.join(root, 'index.html'), 'utf8'))
}
/** What every page receives of a config (site/site-data.ts), with the schemas' defaults filled in as the build fills them. */
const siteData = (config: SiteConfig) => siteDataOf(withSchemaDefaults(structuredClone(config)), 'all')

const headTags = (html: string) => html.match(/<(meta name="theme-color"|link rel="icon")[^>]*>/g)

describe("the page's theme colour and favicon", () => {
  it("are the config's", () => {
    expect(headTags(indexHtml(shipped))).toEqual(['<meta name="theme-color" content="#0b1f4d" />', '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />'])
    const png = changed((config) => Object.assign(config.site, { favicon: '/icons/asha.png', themeColor: '#7a1f5c' }))
    expect(headTags(indexHtml(png))).toEqual(['<meta name="theme-color" content="#7a1f5c" />', '<link rel="icon" href="/icons/asha.png" type="image/png" />'])
  })

  it('without settings: the navy of the theme, and no icon declared rather than a file the site may not have', () => {
    const plain = changed((config) => {
      delete config.site.themeColor
      delete config.site.favicon
      config.site.theme = { ...config.site.theme, primaryColor: '#7a1f5c' }
    })
    expect(headTags(indexHtml(plain))).toEqual([`<meta name="theme-color" content="${themePalettes(plain.site.theme).navy}" />`])
  })

  it('stay inside their attributes whatever the config holds', () => {
    const hostile = changed((config) => Object.assign(config.site, { themeColor: '"><script>alert(1)</script>', favicon: '/x.svg"><script>' }))
    const html = indexHtml(hostile)
    expect(html).not.toContain('<script>')
    expect(headTags(html)).toEqual([
      '<meta name="theme-color" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />',
      '<link rel="icon" href="/x.svg&quot;&gt;&lt;script&gt;" />',
    ])
  })
})

describe("the shell's icons", () => {
  it("every page gets the networks' and the chat's names and icons worked out by the build, not a table of all networks", () => {
    const { site } = siteData(shipped).shell
    expect(site.social.map(({ network, name, icon }) => [network, name, icon])).toEqual([
      ['facebook', 'Facebook', 'brand-facebook'],
      ['twitter', 'Twitter', 'brand-x'],
      ['linkedin', 'LinkedIn', 'brand-linkedin'],
      ['instagram', 'Instagram', 'brand-instagram'],
    ])
    expect(site.chat).toMatchObject({ service: 'whatsapp', name: 'WhatsApp', icon: 'brand-whatsapp' })
  })

  it("are the config's social networks' and chat's, and no others", () => {
    expect(siteData(shipped).shellIcons).toEqual(['brand-facebook', 'brand-x', 'brand-linkedin', 'brand-instagram', 'brand-whatsapp'])
    const other = changed((config) => {
      config.site.social = [
        { network: 'YouTube', url: 'https://www.youtube.com/@asha' },
        { network: 'Practo', url: 'https://www.practo.com/asha' },
        { network: 'Justdial', url: 'https://www.justdial.com/asha', icon: 'star' },
      ]
      config.site.chat = { service: 'telegram', url: 'https://t.me/asha_dental', label: 'Chat with us' }
    })
    expect(siteData(other).shellIcons).toEqual(['brand-youtube', 'link', 'star', 'brand-telegram'])
    delete other.site.chat
    expect(siteData(other).shellIcons).toEqual(['brand-youtube', 'link', 'star'])
  })
})

describe('structured data: business type and countries', () => {
  const things = (config: SiteConfig) => structuredData(config.site, contactPage, config.routes)
  const offices = (config: SiteConfig) => things(config).filter((thing) => thing.parentOrganization)

  it('the shipped company is an Organization with its offices as LocalBusiness in India, as the config states', () => {
    const [company] = things(withSchemaDefaults(structuredClone(shipped)))
    expect(company).toMatchObject({ '@type': 'Organization', logo: 'https://www.example.com/images/logo.svg' })
    expect(offices(withSchemaDefaults(structuredClone(shipped))).map((office) => [office['@type'], (office.address as { addressCountry: string }).addressCountry])).toEqual([
      ['LocalBusiness', 'IN'],
      ['LocalBusiness', 'IN'],
      ['LocalBusiness', 'IN'],
    ])
  })

  it("a dental practice is a Dentist, and so is each of its offices; an office's country is its own", () => {
    const dentist = changed((config) => {
      config.site.businessType = 'Dentist'
      config.site.offices[1]!.country = 'DE'
    })
    expect(things(dentist)[0]!['@type']).toBe('Dentist')
    expect(offices(dentist).map((office) => [office['@type'], (office.address as { addressCountry: string }).addressCountry])).toEqual([
      ['Dentist', 'IN'],
      ['Dentist', 'DE'],
      ['Dentist', 'IN'],
    ])
  })

  it("without a country of its own, an office is in site.locale's region; with no region there either, in no country at all", () => {
    const countries = (locale: string) =>
      offices(
        changed((config) => {
          config.site.locale = locale
          for (const office of config.site.offices) delete office.country
        }),
      ).map((office) => (office.address as { addressCountry?: string }).addressCountry)
    expect(countries('de-AT')).toEqual(['AT', 'AT', 'AT'])
    expect(countries('en')).toEqual([undefined, undefined, undefined])
  })
})

describe('the checker on the brand settings', () => {
  it('takes a site without a chat, with any social network, several link columns and no logo or favicon', () => {
    expect(
      codesFor((config) => {
        delete config.site.chat
        delete config.site.logo
        delete config.site.favicon
        config.site.social.push({ network: 'Practo', url: 'https://www.practo.com/asha' }, { network: 'Justdial', url: 'https://www.justdial.com/asha', icon: 'star' })
        config.footer.columns.push({ title: 'Company', links: [{ label: 'About Us', to: '/about' }] })
      }),
    ).toEqual([])
  })

  it('takes each chat service with its own kind of address', () => {
    const chat = (settings: Record<string, string>) => codesFor((config) => (config.site.chat = { label: 'Chat with us', ...settings } as SiteConfig['site']['chat']))
    expect(chat({ service: 'telegram', url: 'https://t.me/asha_dental', greeting: 'Hello' })).toEqual([])
    expect(chat({ service: 'signal', url: 'https://signal.me/#p/+919800000000' })).toEqual([])
    expect(chat({ service: 'link', url: 'https://chat.example.org/start?team=care', icon: 'headset', name: 'Live chat' })).toEqual([])
    // A greeting is added as ?text=: an address of its own with ? or # would break it.
    expect(chat({ service: 'telegram', url: 'https://t.me/asha_dental?start=1' })).toEqual(['unexpected-form'])
    expect(chat({ service: 'link', url: 'mailto:care@example.org' })).toEqual(['bad-web-address'])
    expect(chat({ service: 'skype', url: 'https://join.skype.com/asha' })).toEqual(['not-allowed-value'])
    expect(chat({ service: 'link', url: 'https://chat.example.org', icon: 'speech-bubble' })).toEqual(['unknown-icon'])
  })

  it('refuses a country, business type, logo or favicon it cannot use', () => {
    expect(codesFor((config) => (config.site.offices[0]!.country = 'India'))).toEqual(['unexpected-form'])
    expect(codesFor((config) => (config.site.businessType = 'dental practice'))).toEqual(['unexpected-form'])
    expect(codesFor((config) => (config.site.logo!.src = '/images/logo-dark.svg'))).toEqual(['missing-file'])
    expect(codesFor((config) => (config.site.favicon = 'favicon.svg'))).toEqual(['bad-picture-path'])
    expect(codesFor((config) => (config.site.social[0]!.icon = 'facebok' as never))).toEqual(['unknown-icon'])
  })

  it("checks every link column's links and caps the columns at four", () => {
    expect(codesFor((config) => config.footer.columns.push({ title: 'Company', links: [{ label: 'Team', to: '/team' }] }))).toEqual(['broken-link'])
    expect(codesFor((config) => config.footer.columns.push(...Array.from({ length: 4 }, () => structuredClone(config.footer.columns[0]!))))).toEqual(['too-many-entries'])
  })
})
