import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { productionEditorSession, signInToEditor } from './support/production-editor.ts'

/** The audit screen on the production server (EDITOR=on): an admin publishes, then finds the publish in the trail and in its CSV. */
test.describe('audit trail on the production editor', () => {
  const session = productionEditorSession()

  test('an admin publishes, filters the audit screen to the publish, and downloads it as CSV', async ({ page }) => {
    await signInToEditor(page, session.server.url, { pageTitle: 'About Us' })
    const title = page.getByRole('region', { name: 'Page settings' }).getByRole('textbox', { name: 'Title' })
    await title.fill('About Eastbridge, audited')
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(page.getByText('Published: the site shows your changes now.')).toBeVisible({ timeout: 30_000 })

    await page.getByRole('button', { name: 'Audit trail' }).click()
    const screen = page.getByRole('region', { name: 'Audit trail' })
    const events = screen.getByRole('table', { name: 'Audit events' })
    await expect(events.getByText('Signed in')).toBeVisible()
    await screen.getByLabel('Event', { exact: true }).click()
    await page.getByRole('option', { name: 'Published' }).click()
    await expect(events.getByText('Signed in')).toHaveCount(0)
    const published = events.getByRole('row').filter({ hasText: /Published version/ })
    await expect(published).toHaveCount(1)
    await expect(published).toContainText('asha')
    await expect(published).toContainText('127.0.0.1')
    const version = /Published version (\S+)/.exec(await published.innerText())![1]!

    const download = page.waitForEvent('download')
    await screen.getByRole('link', { name: 'Download CSV' }).click()
    const file = await (await download).path()
    const lines = fs
      .readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('time,event,account,address,details')
    expect(lines.slice(1)).toHaveLength(1)
    expect(lines[1]).toMatch(new RegExp(`^"[^"]+","publish","asha","[^"]*127\\.0\\.0\\.1","version=${version}; draft=[^;]+; name=[^;]+; change=/about: title"$`))
  })
})
