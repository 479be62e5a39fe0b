import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { needsSystemPackages } from '../helpers/system-packages.ts'
import { PASSWORD } from './support/editor-access-app.ts'
import { builtEditor, productionEditorApp } from './support/production-editor-app.ts'

/**
 * The built editor runs in a browser as the production server serves it: signed in through the
 * real sign-in page, the editor's page comes up under its strict policy (no inline script, no
 * console error, no policy violation), its preview shows the site, and Publish is offered.
 */
let server: http.Server
let origin = ''
let browser: Browser

needsSystemPackages('chromium')
beforeAll(async () => {
  const { app } = await productionEditorApp(await builtEditor())
  server = http.createServer(app.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await new Promise<void>((resolve) => server?.close(() => resolve()))
})

describe('the built editor in Chromium', () => {
  it('signs in, shows the editor with its preview and Publish, with no console error or policy violation', { timeout: 60_000 }, async () => {
    const page = await browser.newPage()
    page.setDefaultTimeout(20_000)
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
    })
    // A violation the page reports itself (in the editor page and its preview frame alike).
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)))

    await page.goto(`${origin}/_editor`)
    await page.getByLabel('Account name').fill('asha')
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.url()).toBe(`${origin}/_editor`)

    await page.getByRole('heading', { name: /Site editor/ }).waitFor()
    await page.getByRole('button', { name: 'Publish' }).waitFor()
    await page.getByText('Signed in as asha').waitFor()
    await page.getByRole('button', { name: 'Versions' }).click()
    await page.getByRole('region', { name: 'Versions' }).getByText('Published by setup', { exact: false }).waitFor()
    // The preview frame runs the site's runtime on the unsaved config.
    const preview = page.frameLocator('iframe').first()
    await preview.locator('header').first().waitFor()
    expect(problems).toEqual([])
  })

  it('takes a link to a page’s block through the sign-in to that page and block, kept on reload, and a screen’s address too', { timeout: 60_000 }, async () => {
    const page = await browser.newPage()
    page.setDefaultTimeout(20_000)
    const deep = `${origin}/_editor/page/about?block=2`
    await page.goto(deep)
    await page.getByLabel('Account name').fill('asha')
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.url()).toBe(deep)
    const blockOpen = () => page.getByRole('button', { name: /^2\. /, pressed: true }).waitFor()
    await page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]', { hasText: 'About Us' }).waitFor()
    await blockOpen()
    await page.reload()
    await blockOpen()

    await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Header menu' }).click()
    await expect.poll(() => page.url()).toBe(`${origin}/_editor/screen/menu`)
    await page.reload()
    await page.getByRole('tree', { name: 'Header menu' }).waitFor()
    await page.goBack()
    await expect.poll(() => page.url()).toBe(deep)
    await blockOpen()
    await page.close()
  })
})
