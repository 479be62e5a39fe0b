import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startDevServer, temporaryConfigCopy } from '../../../scripts/lib/dev-server-process.ts'
import { root } from '../../../scripts/lib/paths.ts'
import { freePort } from '../../../scripts/harness/site-server.ts'

/**
 * A dev server of its own on a free port, showing a copy of site.config.json that each test starts
 * from afresh; the project's file is never touched. With `ownPublicDir`, a copy of public/ sits
 * beside the config copy, so the dev server serves and stores pictures there (uploads never reach
 * the project's public/); it goes with the config copy's folder.
 */
export function editorSession({ ownPublicDir = false } = {}) {
  const session = {} as { config: ReturnType<typeof temporaryConfigCopy>; server: Awaited<ReturnType<typeof startDevServer>>; publicDir: string }
  // Each test opens the editor, whose first preview may wait up to 90 s for Vite (openEditor): the
  // test's own limit must leave room for that and for the steps after it.
  test.describe.configure({ mode: 'serial', timeout: 150_000 })
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    session.config = temporaryConfigCopy()
    session.publicDir = ownPublicDir ? path.join(path.dirname(session.config.file), 'public') : path.join(root, 'public')
    if (ownPublicDir) fs.cpSync(path.join(root, 'public'), session.publicDir, { recursive: true })
    session.server = await startDevServer({ port: await freePort(), configFile: session.config.file })
  })
  test.afterAll(async () => {
    await session.server?.stop()
    session.config?.remove()
  })
  test.beforeEach(() => fs.writeFileSync(session.config.file, session.config.original))
  test.afterEach(({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) console.log(`dev server log:\n${session.server.log.slice(-30).join('\n')}`)
  })
  return session
}

/** Opens the editor on a page (by its title in the pages list) and waits for the preview to show it. */
export async function openEditor(page: Page, url: string, pageTitle?: string) {
  await page.goto(`${url}/_editor`)
  await expect(page.getByRole('button', { name: 'New page' })).toBeVisible({ timeout: 30_000 })
  if (pageTitle) await openPage(page, pageTitle)
  // The first preview compiles the whole runtime in Vite: on a busy machine that takes a while.
  await expect(preview(page).locator('main section').first()).toBeVisible({ timeout: 60_000 })
}

/** Opens a page in the editor, by the start of its title in the pages list. */
export const openPage = (page: Page, pageTitle: string) =>
  page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: new RegExp(`^${pageTitle}`) })
    .click()

/** Opens the editor and its New page dialog. */
export async function openNewPageDialog(page: Page, url: string) {
  await openEditor(page, url)
  await page.getByRole('button', { name: 'New page' }).click()
  return page.getByRole('dialog', { name: 'New page' })
}

export const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of"]')

/** Clicks the block row whose name starts with e.g. "2. Text section". */
export async function selectBlock(page: Page, name: string) {
  await page
    .getByTestId('block-row')
    .filter({ hasText: name })
    .getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}`) })
    .click()
}

/**
 * The lines that differ between two texts, after their common first and last lines: what a
 * reviewer sees in the diff of a save.
 */
export function changedLines(before: string, after: string) {
  const old = before.split('\n')
  const now = after.split('\n')
  let start = 0
  while (start < old.length && start < now.length && old[start] === now[start]) start++
  let end = 0
  while (end < old.length - start && end < now.length - start && old[old.length - 1 - end] === now[now.length - 1 - end]) end++
  return { removed: old.slice(start, old.length - end), added: now.slice(start, now.length - end) }
}
