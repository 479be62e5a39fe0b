import { expect, test, type Page } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { root } from '../../scripts/lib/paths.ts'
import { languageTag } from '../../site/languages.ts'
import { bilingualSiteConfig } from '../helpers/bilingual-site.ts'
import { builtSiteSession } from './support/built-site.ts'

/*
 * One site in two languages, as a visitor, a crawler and the person editing the JSON meet it: the
 * shipped site with Bengali for its home, about and contact pages (tests/fixtures/bilingual), built
 * into a site folder of its own and served by the production server. Each page declares its
 * language, names its other language for search engines and the sitemap does too; the header's
 * switcher keeps the page (or goes to the other language's home when the page is not translated),
 * without JavaScript as with it; links stay in the page's language; the checker names each text
 * still missing its Bengali at its line, and refuses the site when translations are required.
 */
test.describe.configure({ timeout: 120_000 })

const config = bilingualSiteConfig()
const english = languageTag('en', config.site)
const bengali = languageTag('bn', config.site)
const siteUrl = config.site.url

/** A site folder of its own: the bilingual config, and the shipped site's pictures. */
const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bilingual-site-'))
fs.writeFileSync(path.join(siteDir, 'site.config.json'), JSON.stringify(config, null, 2))
fs.symlinkSync(path.join(root, 'public'), path.join(siteDir, 'public'))
test.afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }))

const site = builtSiteSession(siteDir)

/** The head's alternates: hreflang → address. */
async function alternates(page: Page): Promise<Record<string, string>> {
  const links = await page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((elements) => elements.map((link) => [link.getAttribute('hreflang')!, link.getAttribute('href')!]))
  return Object.fromEntries(links)
}

const switcher = (page: Page, name: string) => page.getByRole('banner').getByRole('navigation', { name }).first()

test('a translated page declares its language, names the other for search engines, and the switcher keeps the page', async ({ page }) => {
  await page.goto(`${site.server.url}/about`)
  await expect(page.locator('html')).toHaveAttribute('lang', english)
  expect(await alternates(page)).toEqual({ [english]: `${siteUrl}/about`, [bengali]: `${siteUrl}/bn/about`, 'x-default': `${siteUrl}/about` })

  await switcher(page, 'Language').getByRole('link', { name: 'বাংলা' }).click()
  await expect(page).toHaveURL(`${site.server.url}/bn/about`)
  await expect(page.locator('html')).toHaveAttribute('lang', bengali)
  await expect(page).toHaveTitle(/^আমাদের কথা \|/)
  expect(await alternates(page)).toEqual({ [english]: `${siteUrl}/about`, [bengali]: `${siteUrl}/bn/about`, 'x-default': `${siteUrl}/about` })
  const languages = switcher(page, 'ভাষা')
  await expect(languages.getByRole('link', { name: 'বাংলা' })).toHaveAttribute('aria-current', 'true')

  await languages.getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(`${site.server.url}/about`)
  await expect(page.locator('html')).toHaveAttribute('lang', english)
})

test('a page not yet in Bengali names no alternate, and its switcher leads to the Bengali home page', async ({ page }) => {
  await page.goto(`${site.server.url}/get-quote`)
  expect(await alternates(page)).toEqual({})
  await switcher(page, 'Language').getByRole('link', { name: 'বাংলা' }).click()
  await expect(page).toHaveURL(`${site.server.url}/bn`)
  await expect(page.locator('html')).toHaveAttribute('lang', bengali)
})

test('links on a Bengali page stay in Bengali where the page is translated, and lead to English where it is not', async ({ page }) => {
  await page.goto(`${site.server.url}/bn/about`)
  const contactLabel = (config.navigation.items.find((item) => 'to' in item && item.to === '/contact')!.label as unknown as { bn: string }).bn
  const contact = page.getByRole('banner').getByRole('link', { name: contactLabel, exact: true }).first()
  await expect(contact).toHaveAttribute('href', '/bn/contact')
  await contact.click()
  await expect(page).toHaveURL(`${site.server.url}/bn/contact`)
  await expect(page.locator('html')).toHaveAttribute('lang', bengali)
  await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute('href', '/bn')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the prerendered switcher is a plain link to the same page in the other language', async ({ page }) => {
    await page.goto(`${site.server.url}/bn/contact`)
    await switcher(page, 'ভাষা').getByRole('link', { name: 'English' }).click()
    await expect(page).toHaveURL(`${site.server.url}/contact`)
    await expect(page.locator('html')).toHaveAttribute('lang', english)
  })
})

test('the sitemap lists every language’s pages, each translated one with its alternates', async ({ request }) => {
  const sitemap = await (await request.get(`${site.server.url}/sitemap.xml`)).text()
  const entryOf = (address: string) => sitemap.match(new RegExp(`<url>\\s*<loc>${address}</loc>[\\s\\S]*?</url>`))?.[0] ?? ''
  for (const address of [`${siteUrl}/about`, `${siteUrl}/bn/about`]) {
    expect(entryOf(address)).toContain(`<xhtml:link rel="alternate" hreflang="${bengali}" href="${siteUrl}/bn/about"/>`)
    expect(entryOf(address)).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${siteUrl}/about"/>`)
  }
  expect(entryOf(`${siteUrl}/get-quote`)).not.toContain('xhtml:link')
  expect(sitemap).not.toContain('/bn/get-quote')
})

test('the checker names each text still missing its Bengali at its line, and refuses the site once translations are required', () => {
  const validate = (configFile: string) =>
    spawnSync('npx', ['tsx', path.join(root, 'scripts', 'validate.ts'), configFile], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  const file = path.join(siteDir, 'site.config.json')
  const lines = fs.readFileSync(file, 'utf8').split('\n')

  const notices = validate(file)
  expect(notices.status).toBe(0)
  // The company's name is shown on every page, the Bengali ones too, and the fixture leaves it in English.
  const output = notices.stdout.split('\n')
  const nameNotice = output.findIndex((line) => /Notice: "name" has no Bangla \(bn\) text: every page in Bangla \(bn\) shows the English \(en\) one/.test(line))
  expect(nameNotice).toBeGreaterThan(0)
  const [, line, column] = output[nameNotice - 1]!.match(/site\.config\.json:(\d+):(\d+)/) ?? []
  expect(lines[Number(line) - 1]!.slice(Number(column) - 1)).toBe(`${JSON.stringify(config.site.name)},`)
  expect(notices.stdout).toMatch(/0 problems/)

  const strict = path.join(siteDir, 'strict.config.json')
  fs.writeFileSync(strict, JSON.stringify({ ...config, site: { ...config.site, requireTranslations: true } }, null, 2))
  const refused = validate(strict)
  expect(refused.status).toBe(1)
  expect(refused.stdout).toMatch(/"name" has no Bangla \(bn\) text: .*\[missing-translation\]/)
})
