import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser'
import { setJsonValue } from '../../authoring/config/config-edit.ts'
import { startDevServer, temporaryConfigCopy } from '../../scripts/lib/dev-server-process.ts'
import { root } from '../../scripts/lib/paths.ts'
import { freePort } from '../../scripts/harness/site-server.ts'

// The dev server sends the page's modules one by one; on a busy machine a (re)load takes seconds.
// How fast an update shows is measured by `npm run bench:dev`, not here.
const expect = baseExpect.configure({ timeout: 15_000 })

/**
 * `npm run dev` as an editor uses it: the page open in Chromium, site.config.json saved beside it.
 * The test runs its own dev server on a copy of the config, so it needs no build and never touches
 * the real file. Its port: DEV_E2E_PORT, else a free one (so parallel runs never share a server).
 */
test.describe('live preview (npm run dev)', () => {
  // The first page of a fresh dev server waits for Vite to scan and bundle the dependencies and to
  // compile the runtime (25 s seen on a fresh clone with a second browser worker busy): a test's
  // limit leaves room for that, as each of its steps keeps its own 15 s.
  test.describe.configure({ mode: 'serial', timeout: 90_000 })
  let config: ReturnType<typeof temporaryConfigCopy>
  let server: Awaited<ReturnType<typeof startDevServer>>

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    config = temporaryConfigCopy()
    const port = process.env.DEV_E2E_PORT ? Number(process.env.DEV_E2E_PORT) : await freePort()
    server = await startDevServer({ port, configFile: config.file })
  })

  test.afterAll(async () => {
    await server?.stop()
    config?.remove()
  })

  test.afterEach(({}, testInfo) => {
    fs.writeFileSync(config.file, config.original)
    if (testInfo.status !== testInfo.expectedStatus) console.log(`dev server log:\n${server.log.slice(-30).join('\n')}`)
  })

  // The /about page's hero: where the edits and mistakes go.
  const aboutIndex = () => (JSON.parse(config.original) as { routes: { path: string }[] }).routes.findIndex((route) => route.path === '/about')
  const heroPath = (...rest: JSONPath): JSONPath => ['routes', aboutIndex(), 'blocks', 0, ...rest]
  const valueAt = (text: string, path: JSONPath) => findNodeAtLocation(parseTree(text)!, path)!

  /** line:column of a value in the file, as the checker counts them (both from 1). */
  function positionOf(text: string, path: JSONPath): string {
    const before = text.slice(0, valueAt(text, path).offset)
    return `${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`
  }

  /** What `npm run validate` prints for the file as it is now. */
  function validateOutput(): string {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/validate.ts', config.file], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
    expect(result.status).toBe(1)
    return result.stdout.trim()
  }

  const overlay = (page: Page) => page.locator('vite-error-overlay')

  async function openAbout(page: Page) {
    await page.goto(`${server.url}/about`)
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading).toHaveText(valueAt(config.original, heroPath('heading')).value as string)
    // Survives a re-render, not a reload: proves the page updated in place.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }))
    return heading
  }

  const stillTheSamePage = (page: Page) => page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage === true)

  // Each heading written keeps the hero's highlight, "Since 2016": a highlight must be part of its heading.
  test('a saved heading shows on the open page without reloading it', async ({ page }) => {
    const heading = await openAbout(page)
    fs.writeFileSync(config.file, setJsonValue(config.original, heroPath('heading'), 'Secure IT Since 2016, Edited Live'))
    await expect(heading).toHaveText('Secure IT Since 2016, Edited Live')
    expect(await stillTheSamePage(page)).toBe(true)
    await expect(overlay(page)).toHaveCount(0)
  })

  test("an invalid config shows the checker's messages over the page; fixing the file removes them", async ({ page }) => {
    const heading = await openAbout(page)

    // A JSON syntax mistake: a comma after the last paragraph of the hero.
    const paragraphs = valueAt(config.original, heroPath('paragraphs'))
    const lastParagraph = paragraphs.children!.at(-1)!
    const end = lastParagraph.offset + lastParagraph.length
    fs.writeFileSync(config.file, `${config.original.slice(0, end)},${config.original.slice(end)}`)
    const message = overlay(page).locator('.message-body')
    await expect(message).toContainText(`${config.file}:${config.original.slice(0, end).split('\n').length}:`)
    await expect(message).toContainText('There is a comma after the last item of this list.')
    expect(await message.innerText()).toBe(validateOutput())

    // A schema mistake: a misspelt block type, with its exact spot and a suggestion.
    const misspelt = setJsonValue(config.original, heroPath('type'), 'pageHeroo')
    fs.writeFileSync(config.file, misspelt)
    await expect(message).toContainText(`${config.file}:${positionOf(misspelt, heroPath('type'))}  /about › blocks[0] (pageHeroo)`)
    await expect(message).toContainText('Unknown block type "pageHeroo". Did you mean "pageHero"?')
    expect(await message.innerText()).toBe(validateOutput())
    // The page stays as it was behind the overlay, rather than going blank.
    await expect(heading).toBeAttached()

    fs.writeFileSync(config.file, setJsonValue(config.original, heroPath('heading'), 'Fixed and Live Since 2016'))
    await expect(overlay(page)).toHaveCount(0)
    await expect(heading).toHaveText('Fixed and Live Since 2016')
  })

  test('a page opened while the config is broken shows the messages, then the site once fixed', async ({ page }) => {
    fs.writeFileSync(config.file, setJsonValue(config.original, heroPath('type'), 'pageHeroo'))
    await page.goto(`${server.url}/about`)
    await expect(overlay(page).locator('.message-body')).toContainText('Unknown block type "pageHeroo". Did you mean "pageHero"?')

    fs.writeFileSync(config.file, config.original)
    await expect(overlay(page)).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(valueAt(config.original, heroPath('heading')).value as string)
  })

  test('the form API answers beside the preview', async ({ request }) => {
    const response = await request.post(`${server.url}/api/contact`, {
      headers: { 'x-api-key': 'dev-key' },
      data: { name: 'Asha Roy', email: 'asha.roy@example.org', phone: '+91 98300 12345', subject: 'services', message: 'Checking the form from the live preview.' },
    })
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ success: true })
  })
})
