import { expect, test } from '@playwright/test'
import { localParts } from '../../site/zoned-time.ts'
import { EDITOR_ACCOUNT, productionEditorSession, signInToEditor } from './support/production-editor.ts'

/** The site's time zone: the schema's default, as the test site sets none. */
const SITE_ZONE = 'Asia/Kolkata'

/** The next whole minute at least 5 s away, on the site's clock: the inputs take minutes. */
function nextMinute(): { date: string; time: string; at: number } {
  const at = Math.ceil((Date.now() + 5_000) / 60_000) * 60_000
  return { ...localParts(at, SITE_ZONE), at }
}

/**
 * A publisher schedules a draft's publish on the built production server a few seconds ahead (at
 * most about a minute: the time is picked in minutes), the live site changes at that time and not
 * before, and the draft shows the outcome.
 */
test.describe('a scheduled publish in the live editor', () => {
  const session = productionEditorSession({ accounts: [EDITOR_ACCOUNT] })

  test('is scheduled on the site’s clock, publishes by itself at its time, and the draft says so', async ({ page, request }) => {
    test.setTimeout(180_000)
    await signInToEditor(page, session.server.url, { account: EDITOR_ACCOUNT, pageTitle: 'About Us' })
    const settings = page.getByRole('region', { name: 'Page settings' })
    await settings.getByRole('textbox', { name: 'Title' }).fill('About Eastbridge, from the schedule')
    await expect(page.getByText(/^Saved to the draft at/)).toBeVisible({ timeout: 15_000 })

    const panel = page.getByRole('region', { name: 'Team draft' })
    await panel.getByRole('button', { name: 'Schedule publish…' }).click()
    const when = nextMinute()
    await panel.getByLabel(`Date (${SITE_ZONE})`).fill(when.date)
    await panel.getByLabel(`Time (${SITE_ZONE})`).fill(when.time)
    await panel.getByRole('button', { name: 'Schedule', exact: true }).click()
    await expect(panel.getByTestId('draft-schedule')).toHaveText(`Publishes at ${when.date} ${when.time} (${SITE_ZONE}), scheduled by ${EDITOR_ACCOUNT.name}`)

    const liveTitle = async () => /<title>([^<]*)/.exec(await (await request.get(`${session.server.url}/about`)).text())?.[1]
    expect(await liveTitle()).not.toContain('from the schedule')
    await expect.poll(liveTitle, { timeout: 150_000, intervals: [500] }).toContain('About Eastbridge, from the schedule')
    // Not before its time (the machine's clock is the server's).
    expect(Date.now()).toBeGreaterThanOrEqual(when.at)
    await expect(panel.getByTestId('draft-schedule')).toHaveText(/^Published as scheduled at .* \(version [^)]+\)$/, { timeout: 15_000 })
  })
})
