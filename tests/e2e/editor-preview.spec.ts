import fs from 'node:fs'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { editorSession, openEditor, preview, selectBlock } from './support/editor-session.ts'
import { cssAnimations } from './support/motion.ts'

// The dev server sends modules one by one and the first preview compiles the runtime: on a busy
// machine that takes seconds. How fast an edit shows is not timed here.
const expect = baseExpect.configure({ timeout: 15_000 })

const config = JSON.parse(fs.readFileSync(new URL('../../site.config.json', import.meta.url), 'utf8')) as SiteConfig
const routeOf = (path: string) => config.routes.find((route) => route.path === path)!
const blockOf = <Type extends SiteConfig['routes'][number]['blocks'][number]['type']>(path: string, type: Type) =>
  routeOf(path).blocks.find((block) => block.type === type) as Extract<SiteConfig['routes'][number]['blocks'][number], { type: Type }>
const hero = blockOf('/', 'heroCarousel')
const slides = hero.slides

/** The slide the preview shows: the others are hidden from the reader, so only its heading is found. */
const shownHeading = (page: Page) =>
  preview(page)
    .getByRole('region', { name: 'Highlights' })
    .getByRole('heading', { level: 1 })
    .or(preview(page).getByRole('region', { name: 'Highlights' }).getByRole('heading', { level: 2 }))

/** The field holding the focus in the editor: its place in the config, and its value. */
const focusedField = (page: Page) =>
  page.evaluate(() => {
    const field = document.activeElement as HTMLInputElement | null
    return { path: field?.closest('[data-field-path]')?.getAttribute('data-field-path'), value: field?.value }
  })

/** The editor's live preview holds still while the author edits, shows what is being edited, and a click in it takes the author there with every key. */
test.describe('visual editor: the preview', () => {
  const session = editorSession()

  test('holds still: the carousel stays on its slide, figures show their final numbers, nothing fades in, a logo strip stands still with each logo once', async ({ page }) => {
    await openEditor(page, session.server.url)
    const frame = preview(page)
    const carousel = frame.getByRole('region', { name: 'Highlights' })
    // Its button offers to play: the slides are not turning.
    await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible()
    // Waiting longer than a turn (a busy machine could only make a turn later, never earlier).
    await page.waitForTimeout((hero.intervalMs ?? 5000) * 1.5)
    await expect(shownHeading(page)).toHaveText(slides[0]!.title)
    await expect(carousel.getByRole('button', { name: /^Show slide 1 of/ })).toHaveAttribute('aria-current', 'true')

    const strip = blockOf('/', 'logoStrip')
    const stripSection = frame.locator('section').filter({ has: frame.getByRole('img', { name: strip.logos[0]!.alt }) })
    expect(await cssAnimations(stripSection)).toEqual([])
    await expect(stripSection.getByRole('img').filter({ visible: true })).toHaveCount(strip.logos.length)
    // Every section is there as the page was drawn, none hidden to fade in when scrolled to.
    await frame.locator('footer').scrollIntoViewIfNeeded()
    expect(await frame.locator('[data-reveal]').evaluateAll((sections) => [...new Set(sections.map((section) => section.getAttribute('data-reveal')))])).toEqual(['static'])

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: /^About Us/ })
      .click()
    const figures = frame.locator('section').filter({ hasText: blockOf('/about', 'stats').items[0]!.label })
    await figures.scrollIntoViewIfNeeded()
    // At once, and staying: a count-up would show a smaller number first.
    for (const item of blockOf('/about', 'stats').items) await expect(figures.getByText(`${item.value}${item.suffix ?? ''}`, { exact: true })).toBeVisible({ timeout: 1 })
  })

  test('shows the slide whose field is being edited; a click on its heading selects that heading', async ({ page }) => {
    await openEditor(page, session.server.url)
    await selectBlock(page, '1. Hero carousel')
    const form = page.getByRole('region', { name: /^Block 1: Hero carousel/ })
    for (const index of [2, 4]) {
      // Six slides are a line each: the slide's line opens its fields.
      await form.getByRole('button', { name: new RegExp(`^Slide ${index + 1}(?!\\d)`) }).click()
      await form
        .getByRole('group', { name: `Slide ${index + 1}` })
        .getByRole('textbox', { name: 'Subtitle' })
        .focus()
      await expect(shownHeading(page)).toHaveText(slides[index]!.title)
      await expect(preview(page).getByText(slides[index]!.subtitle)).toHaveAttribute('data-editor-field', '')
    }
    // The heading's first words, away from its highlighted part.
    await shownHeading(page).click({ position: { x: 8, y: 8 } })
    await expect.poll(() => focusedField(page)).toEqual({ path: JSON.stringify(['routes', 0, 'blocks', 0, 'slides', 4, 'title']), value: slides[4]!.title })
    await expect(shownHeading(page)).toHaveText(slides[4]!.title)
  })

  test('a click on a text opens its field with the caret there, and keys typed at once arrive whole', async ({ page }) => {
    await openEditor(page, session.server.url)
    const cards = blockOf('/', 'cardGrid').cards
    // A block whose form is not open yet: the keys come before the field exists.
    const title = preview(page).getByRole('heading', { name: cards[1]!.title, exact: true })
    await title.click({ position: { x: 2, y: 8 } })
    await page.keyboard.type('Second feature: ')
    await expect.poll(() => focusedField(page)).toMatchObject({ value: `Second feature: ${cards[1]!.title}` })
    await expect(preview(page).getByRole('heading', { name: `Second feature: ${cards[1]!.title}` })).toBeVisible()

    // Select-all at once, then typing, replaces the text.
    await preview(page).getByText(cards[2]!.text, { exact: true }).click()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('Second feature')
    await expect.poll(() => focusedField(page)).toMatchObject({ value: 'Second feature' })
  })

  test('a draft that breaks a rule in the middle of an edit still shows its page: an empty footer link just added', async ({ page }) => {
    await openEditor(page, session.server.url)
    const column = config.footer.columns![0]!
    await page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Footer' }).click()
    await page
      .getByRole('tree', { name: 'Footer' })
      .getByRole('button', { name: new RegExp(`^${column.title}`) })
      .click()
    await page.getByRole('button', { name: `Add link to ${column.title}` }).click()

    // The preview shows the draft, empty link and all, with the header, the page and the footer in place.
    const frame = preview(page)
    const footer = frame.getByRole('contentinfo')
    await expect(
      footer
        .locator('section')
        .filter({ has: frame.getByRole('heading', { name: column.title }) })
        .getByRole('listitem'),
    ).toHaveCount(column.links.length + 1)
    // The site's words, which the config leaves to their defaults.
    await expect(frame.getByRole('link', { name: 'Skip to content' })).toBeAttached()
    await expect(frame.getByRole('banner')).toBeVisible()
    await expect(frame.locator('main section').first()).toBeVisible()
    await expect(footer).toBeVisible()
    await expect(page.getByText(/stopped working/)).toHaveCount(0)
  })
})
