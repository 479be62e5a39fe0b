import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { everydayTasksCountFile, keystrokeLevelMinutes } from '../../scripts/harness/editor-task-counts.ts'
import { everydayEdits, playEverydayTasks } from './support/everyday-tasks.ts'
import { CountedPerson } from './support/first-time-editor.ts'
import { waitForHydration } from './support/page-load.ts'
import { productionEditorSession } from './support/production-editor.ts'

/**
 * A first-time editor's ten everyday tasks on the live editor as production runs it (EDITOR=on, a
 * real sign-in), counted for `npm run bench:editor-tasks`; then the live site, as a visitor gets
 * it, shows every edit and not the change taken back.
 */
test.describe('live editor: a first-time editor’s ten everyday tasks', () => {
  const session = productionEditorSession()

  test('end on a live site that shows every edit', async ({ page, browser, request }) => {
    // About 25 s on a quiet 2-core machine; a publish and a restore take up to 20 s each while the cores are busy.
    test.setTimeout(150_000)
    const person = new CountedPerson(page)
    const counts = await playEverydayTasks(person, session.server.url)
    fs.mkdirSync(path.dirname(everydayTasksCountFile), { recursive: true })
    fs.writeFileSync(everydayTasksCountFile, JSON.stringify(counts))
    console.log(`everyday tasks: ${person.clicks} clicks, ${person.keystrokes} keystrokes, ${keystrokeLevelMinutes(person).toFixed(1)} minutes by the keystroke-level model`)

    const edits = everydayEdits
    const live = livePages(request, session.server.url)
    const created = await live.text(edits.page.path)
    for (const text of [edits.page.title, ...edits.page.cards.flatMap((card) => [card.title, card.text])]) expect(created).toContain(text)
    expect(await live.html(edits.page.path)).toContain(`content="${edits.page.description}"`)
    expect(created, 'no placeholder of the template is left').not.toMatch(/Describe |Fourth feature|Why choose/)

    const home = await live.html('/')
    expect(await live.text('/')).toContain(edits.heading.title)
    expect(home).toContain(`src="${edits.logo.src}"`)
    expect(home).toContain(`alt="${edits.logo.alt}"`)
    const logo = await request.get(`${session.server.url}${edits.logo.src}`)
    expect(logo.status()).toBe(200)
    expect(logo.headers()['content-type']).toBe('image/png')

    const contact = await live.html('/contact')
    expect(await live.text('/contact')).toContain(`Call ${edits.phone.now}`)
    expect(contact).toContain(`href="${edits.phone.link}"`)
    for (const html of [home, contact]) expect(html).not.toContain(edits.phone.was)
    expect(home).toContain(edits.phone.now)

    expect(await live.html(edits.takenBack.page)).toContain(`<title>${edits.takenBack.was} |`)
    expect(await live.text(edits.takenBack.page)).not.toContain(edits.takenBack.title)

    // The header's dropdowns are drawn by the page's script: a visitor's browser opens them.
    const visitor = await browser.newContext()
    try {
      const site = await visitor.newPage()
      await site.goto(`${session.server.url}/`)
      await waitForHydration(site)
      const menu = site.getByRole('navigation', { name: 'Main' })
      const topEntries = (await menu.getByRole('link').allTextContents()).join(' | ')
      expect(topEntries, 'the top menu, left to right').toContain(`${edits.menuOrder.moved} | ${edits.menuOrder.before}`)
      await menu.getByRole('button', { name: 'Services' }).click()
      await site.getByTestId('dropdown-Services').getByRole('button', { name: edits.page.menu }).click()
      await expect(site.getByTestId('dropdown-Services').getByRole('link', { name: edits.page.title })).toHaveAttribute('href', edits.page.path)
    } finally {
      await visitor.close()
    }
  })
})

/** The live site's pages as a visitor's first request gets them: the HTML, and its text without the tags. */
function livePages(request: APIRequestContext, origin: string) {
  const html = async (route: string) => {
    const answer = await request.get(`${origin}${route}`)
    expect(answer.status(), route).toBe(200)
    return answer.text()
  }
  const text = async (route: string) =>
    (await html(route))
      .replace(/<[^>]+>/g, '')
      .replaceAll('&amp;', '&')
      .replaceAll('&#x27;', "'")
  return { html, text }
}
