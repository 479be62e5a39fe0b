import { expect, test } from '@playwright/test'
import { productionEditorSession, signInToEditor } from './support/production-editor.ts'

/**
 * Publish is never silent: on the live editor as production runs it (EDITOR=on, a real sign-in),
 * the steps of a publish show beside the Publish button as the server takes them, then the time it
 * took, and the live page has the new words.
 */
test.describe('publish progress on the production editor', () => {
  const session = productionEditorSession()

  test('shows checking, building one page of the site, switching, then the time it took; the live page shows the edit', async ({ page, request }) => {
    await signInToEditor(page, session.server.url, { pageTitle: 'About Us' })
    // The site's pages and its 404 page, as the signed-in editor loads them.
    const loaded = await page.request.get(`${session.server.url}/_editor/api/document`)
    const pageCount = ((await loaded.json()) as { config: { routes: unknown[] } }).config.routes.length + 1
    const title = page.getByRole('region', { name: 'Page settings' }).getByRole('textbox', { name: 'Title' })
    await title.fill('About Eastbridge, with progress')

    // Every text a status shows from the click on, in order: a step may last a few milliseconds, too short to poll for.
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { statusTexts: string[] }).statusTexts = seen
      const note = () => {
        for (const status of document.querySelectorAll('[role="status"]')) {
          const text = status.textContent?.trim() ?? ''
          if (text && seen.at(-1) !== text && !seen.includes(text)) seen.push(text)
        }
      }
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    const took = page.getByText(/^Published in \d+\.\d s$/)
    await expect(took).toBeVisible({ timeout: 30_000 })

    const shown = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts)
    const steps = ['Checking the site…', `Building 1 page of ${pageCount}…`, 'Switching the site to the new version…']
    expect(shown.filter((text) => steps.includes(text))).toEqual(steps)
    expect(shown.findIndex((text) => /^Published in/.test(text))).toBeGreaterThan(shown.indexOf(steps[2]!))
    const seconds = Number(/in (\d+\.\d) s/.exec((await took.textContent())!)![1])
    expect(seconds).toBeGreaterThan(0)

    const live = await request.get(`${session.server.url}/about`)
    expect(await live.text()).toContain('<title>About Eastbridge, with progress')
    // The time stays until the next change.
    await title.fill('About Eastbridge, changed again')
    await expect(took).toBeHidden()
  })
})
