import { expect, test } from '@playwright/test'
import { productionEditorSession, signInToEditor } from './support/production-editor.ts'

/** The live editor as production runs it (EDITOR=on): a real sign-in, Publish, and the live page. */
test.describe('live editor on the production server', () => {
  const session = productionEditorSession()

  test('signs in, publishes a new About title, and the live page shows it', async ({ page, request }) => {
    await signInToEditor(page, session.server.url, { pageTitle: 'About Us' })
    const title = page.getByRole('region', { name: 'Page settings' }).getByRole('textbox', { name: 'Title' })
    await title.fill('About Eastbridge, published live')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(page.getByText('Published: the site shows your changes now.')).toBeVisible({ timeout: 30_000 })
    const live = await request.get(`${session.server.url}/about`)
    expect(await live.text()).toContain('<title>About Eastbridge, published live')
  })
})
