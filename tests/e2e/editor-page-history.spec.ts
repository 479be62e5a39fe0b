import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { EDITOR_ACCOUNT, productionEditorSession, signInToEditor } from './support/production-editor.ts'

const OLD_HEADING = 'Cyber Security That Never Sleeps'
const NEW_HEADING = 'Cyber Security That Never Sleeps, for you'
const NEW_ABOUT_TITLE = 'About Eastbridge, published later'
/** A publish builds the site's pages: on a machine shared with other work that takes a while. */
const PUBLISHED_WITHIN = 90_000

/** A live page's words as a visitor reads them (its markup left out, so a highlighted word does not split a heading). */
async function liveWords(request: APIRequestContext, url: string): Promise<string> {
  const answer = await request.get(url)
  expect(answer.status()).toBe(200)
  return (await answer.text()).replace(/<[^>]*>/g, '')
}

async function publish(page: Page) {
  const published = page.getByText('Published: the site shows your changes now.')
  await expect(published).toBeHidden()
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(published).toBeVisible({ timeout: PUBLISHED_WITHIN })
}

const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages' })

/** Every change can be taken back one page at a time, seeing the old words; the site as deployed is the first version. */
test.describe('a page’s history on the production editor', () => {
  const session = productionEditorSession()

  test('Home’s history shows the old and new words in screen words; Restore this page puts Home back and keeps About’s new words live', async ({ page, request }) => {
    test.setTimeout(360_000)
    await signInToEditor(page, session.server.url, { account: EDITOR_ACCOUNT })
    await pages(page)
      .getByRole('button', { name: /^IT Services/ })
      .click()
    await page
      .getByRole('list', { name: 'Blocks of this page' })
      .getByRole('button', { name: /^1\. Hero carousel/ })
      .click()
    // Six slides are a line each: the first one's line opens its fields.
    await page
      .getByRole('region', { name: /^Block 1: Hero carousel/ })
      .getByRole('button', { name: /^Slide 1(?!\d)/ })
      .click()
    const slide = page.getByRole('region', { name: /^Block 1: Hero carousel/ }).getByRole('group', { name: 'Slide 1', exact: true })
    await expect(slide.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(OLD_HEADING)
    await slide.getByRole('textbox', { name: 'Title', exact: true }).fill(NEW_HEADING)
    await publish(page)
    await pages(page)
      .getByRole('button', { name: /^About Us/ })
      .click()
    await page.getByRole('region', { name: 'Page settings' }).getByRole('textbox', { name: 'Title' }).fill(NEW_ABOUT_TITLE)
    await publish(page)
    expect(await liveWords(request, `${session.server.url}/`)).toContain(NEW_HEADING)

    await pages(page)
      .getByRole('button', { name: /^IT Services/ })
      .click()
    await page.getByRole('button', { name: 'History', exact: true }).click()
    const history = page.getByRole('dialog', { name: /^History of IT Services/ })
    const changes = history.getByRole('listitem', { name: /^Change by asha/ })
    // The About change is not Home's: one change, then the site as deployed.
    await expect(changes).toHaveCount(1, { timeout: 30_000 })
    const field = changes.getByRole('group', { name: '1. Hero carousel › Slide 1 › Title' })
    await expect(field).toContainText(`Before${OLD_HEADING}`)
    await expect(field).toContainText(`After${NEW_HEADING}`)
    await expect(field.locator('ins')).toHaveText(', for you')
    await expect(history.getByRole('listitem', { name: 'The site as deployed' })).toContainText('The site as deployed (built ')
    await expect(history).not.toContainText(/heroCarousel|slides|site\.config/)

    await changes.getByRole('button', { name: 'Restore this page' }).click()
    const question = history.getByRole('alertdialog')
    await expect(question).toContainText('goes back as it was before asha’s change of')
    await expect(question).toContainText('Every other page stays as it is now.')
    await question.getByRole('button', { name: /^Restore “IT Services/ }).click()
    await expect(history.getByRole('status')).toContainText(/^Restored: “IT Services[^”]*” at \/ is as it was before asha’s change/, { timeout: PUBLISHED_WITHIN })

    const home = await liveWords(request, `${session.server.url}/`)
    expect(home).toContain(OLD_HEADING)
    expect(home).not.toContain(NEW_HEADING)
    expect(await liveWords(request, `${session.server.url}/about`)).toContain(NEW_ABOUT_TITLE)
    // The restore is a version of its own, at the top of Home's history now.
    await expect(changes).toHaveCount(2, { timeout: 30_000 })
  })

  test('the site as deployed is listed on the Versions screen, and the whole site rolls back to it', async ({ page, request }) => {
    test.setTimeout(240_000)
    await signInToEditor(page, session.server.url)
    await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Versions' }).click()
    const versions = page.getByRole('region', { name: 'Versions' })
    await expect(versions.getByRole('listitem', { name: /^Version / })).toHaveCount(3, { timeout: 30_000 })
    await expect(versions.getByRole('listitem', { name: /^Version / }).nth(1)).toContainText('Changed: About Eastbridge, published later (/about)')
    await versions
      .getByRole('listitem', { name: /^Version / })
      .first()
      .getByRole('button', { name: 'Show what changed' })
      .click()
    await expect(versions.getByRole('group', { name: '1. Hero carousel › Slide 1 › Title' })).toContainText(`After${OLD_HEADING}`)
    const deployed = versions.getByRole('listitem', { name: 'The site as deployed' })
    await expect(deployed).toContainText('The site as deployed (built ')
    await expect(versions).not.toContainText(/heroCarousel|blocks changed/)

    // The server's answers to restores it cannot do, through the browser's own session.
    const url = session.server.url
    const { csrfToken } = (await (await page.request.get(`${url}/_editor/api/session`)).json()) as { csrfToken: string }
    const restore = (id: string, data: unknown) =>
      page.request.post(`${url}/_editor/api/versions/${id}/restore-page`, { data, headers: { 'X-CSRF-Token': csrfToken, Origin: url } })
    const [newest, older] = ((await (await page.request.get(`${url}/_editor/api/versions`)).json()) as { versions: Array<{ id: string }> }).versions
    const stale = await restore(older!.id, { page: '/about', base: older!.id })
    expect(stale.status()).toBe(409)
    expect(((await stale.json()) as { message: string }).message).toMatch(/^asha published a new version of the site meanwhile, so nothing was restored\./)
    expect((await restore('20000101T000000Z', { page: '/', base: newest!.id })).status()).toBe(404)
    expect((await restore(newest!.id, { page: '/nowhere', base: newest!.id })).status()).toBe(404)
    expect((await restore(newest!.id, { page: '../../etc/passwd', base: newest!.id })).status()).toBe(400)
    expect((await restore(newest!.id, { page: '/', base: newest!.id })).status()).toBe(422)
    await expect(versions.getByRole('listitem', { name: /^Version / })).toHaveCount(3)

    await deployed.getByRole('button', { name: 'Roll back to this' }).click()
    await page.getByRole('dialog', { name: 'Roll back to this version?' }).getByRole('button', { name: 'Roll back' }).click()
    await expect(versions.getByText('Rolled back: the site shows what was deployed again, published now as a new version.')).toBeVisible({ timeout: PUBLISHED_WITHIN })
    expect(await liveWords(request, `${session.server.url}/about`)).not.toContain(NEW_ABOUT_TITLE)
    await expect(versions.getByRole('listitem', { name: /^Version / })).toHaveCount(4)
  })
})
