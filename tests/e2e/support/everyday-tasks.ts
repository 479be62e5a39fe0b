import { expect, type Page } from '@playwright/test'
import sharp from 'sharp'
import { everydayTasks, type EverydayTask, type TaskCount } from '../../../scripts/harness/editor-task-counts.ts'
import { blockButton, partnerLogo, zeroTrustCards, type CountedPerson } from './first-time-editor.ts'
import { EDITOR_ACCOUNT } from './production-editor.ts'

/** The edits, each as the live site shows it once published. */
export const everydayEdits = {
  page: {
    path: '/security_solutions/zero_trust',
    title: 'Zero Trust',
    menu: 'Security Solutions',
    description: 'Zero Trust security from Eastbridge: every user, device and request verified, wherever your people work.',
    cards: zeroTrustCards,
  },
  /** The home page's carousel, slide 1; its highlight must be a part of its title. */
  heading: { title: 'Round-the-Clock Protection for Eastern India', highlight: 'Round-the-Clock' },
  logo: partnerLogo,
  phone: { was: '+91 33 4000 1234', now: '+91 33 4000 5555', link: 'tel:+913340005555' },
  /** A top menu entry moved one place to the left, before the one named. */
  menuOrder: { moved: 'Contact', before: 'Get Quote' },
  /** The About page's title as the mistake's fix left it, published and then taken back. */
  takenBack: { page: '/about', title: 'About Eastbridge', was: 'About Us' },
} as const

const edits = everydayEdits

/**
 * The ten everyday tasks on the live editor, played as a first-time editor with docs/authoring.md
 * open does them, counted task by task: every edit published at once, then the About page's
 * change taken back on its own with the page's history.
 */
export async function playEverydayTasks(person: CountedPerson, origin: string): Promise<TaskCount[]> {
  const counts = everydayTasks.map((task) => ({ task, clicks: 0, keystrokes: 0 }))
  const counted = async (task: EverydayTask, step: () => Promise<void>) => {
    const before = { clicks: person.clicks, keystrokes: person.keystrokes }
    await step()
    const count = counts.find((entry) => entry.task === task)!
    count.clicks += person.clicks - before.clicks
    count.keystrokes += person.keystrokes - before.keystrokes
  }
  await counted('Sign in', () => signIn(person, origin))
  await counted('A new service page with three cards, in a menu', () => addServicePage(person))
  await counted('The hero heading', () => changeHeroHeading(person))
  await counted('A partner logo, uploaded into a logo strip', () => uploadPartnerLogo(person))
  await counted('The phone number, everywhere it is shown', () => changePhoneEverywhere(person))
  await counted('The menu order', () => changeMenuOrder(person))
  await counted('A mistake, seen and fixed', () => makeAMistakeAndFixIt(person))
  await counted('Publish', () => publish(person))
  await counted('Take a change back', () => takeAChangeBack(person))
  await counted('Sign out', () => signOut(person))
  return counts
}

/** The editor's own sign-in form (the address typed in the browser is not counted). */
async function signIn(person: CountedPerson, origin: string) {
  const { page } = person
  await page.goto(`${origin}/_editor`)
  await person.type(page.getByLabel('Account name'), EDITOR_ACCOUNT.name)
  await person.type(page.getByLabel('Password'), EDITOR_ACCOUNT.password)
  await person.click(page.getByRole('button', { name: 'Sign in' }))
  await expect(page.getByRole('button', { name: 'New page' })).toBeVisible({ timeout: 30_000 })
}

/**
 * New page in the Security Solutions menu, with the form's three cards (its default): the page's
 * headings and buttons are written for it, and the person writes what only they can, the page's
 * description and each card.
 */
async function addServicePage(person: CountedPerson) {
  const { page } = person
  const { page: created } = edits
  await person.click(page.getByRole('button', { name: 'New page' }))
  const dialog = page.getByRole('dialog', { name: 'New page' })
  await person.type(dialog.getByLabel('Path'), created.path)
  await person.type(dialog.getByLabel('Title'), created.title)
  await expect(dialog.getByRole('textbox', { name: 'Cards' })).toHaveValue('3')
  await person.click(dialog.getByRole('combobox', { name: 'Menu' }))
  await person.click(page.getByRole('option', { name: created.menu }))
  await person.click(dialog.getByRole('button', { name: 'Create' }))
  await expect(dialog).toBeHidden()

  await person.type(page.getByRole('region', { name: 'Page settings' }).getByRole('textbox', { name: 'Description' }), created.description)
  await person.click(blockButton(page, '2. Card grid'))
  const grid = blockForm(page, 2, 'Card grid')
  for (const [index, card] of created.cards.entries()) {
    const group = grid.getByRole('group', { name: `Card ${index + 1}`, exact: true })
    await person.type(group.getByRole('textbox', { name: 'Title', exact: true }), card.title)
    await person.type(group.getByRole('textbox', { name: 'Text', exact: true }), card.text)
  }
}

/** The home page's carousel, slide 1: a new heading, and its accent part, which the checker asks to be a part of the heading. */
async function changeHeroHeading(person: CountedPerson) {
  const { page } = person
  await person.click(pagesNav(page).getByRole('button', { name: /^IT Services/ }))
  await person.click(blockButton(page, '1. Hero carousel'))
  // Six slides are a line each: the first one's line opens its fields.
  await person.click(blockForm(page, 1, 'Hero carousel').getByRole('button', { name: /^Slide 1(?!\d)/ }))
  const slide = blockForm(page, 1, 'Hero carousel').getByRole('group', { name: 'Slide 1', exact: true })
  await person.type(slide.getByRole('textbox', { name: 'Title', exact: true }), edits.heading.title)
  await expect(slide.getByRole('textbox', { name: 'Highlight', exact: true })).toHaveAttribute('aria-invalid', 'true', { timeout: 15_000 })
  await person.type(slide.getByRole('textbox', { name: 'Highlight', exact: true }), edits.heading.highlight)
}

/** A partner's logo that came by e-mail: a new last logo in the home page's strip, uploaded from its field. */
async function uploadPartnerLogo(person: CountedPerson) {
  const { page } = person
  await person.click(blockButton(page, '5. Logo strip'))
  const strip = blockForm(page, 5, 'Logo strip')
  await person.click(strip.getByRole('button', { name: 'Add logo' }))
  const logo = strip.getByRole('group', { name: /^Logo \d+$/ }).last()
  await person.click(logo.getByRole('button', { name: 'Upload…' }))
  const picture = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()
  await person.pickFile(page.getByRole('menuitem', { name: 'images/partners/' }), { name: edits.logo.file, mimeType: 'image/png', buffer: picture })
  await expect(logo.getByRole('combobox', { name: /^Src/ })).toHaveValue(edits.logo.src, { timeout: 15_000 })
  await person.type(logo.getByRole('textbox', { name: /^Alt/ }), edits.logo.alt)
}

/**
 * The number everywhere it is written (the footer's, from Company; the head office's; the contact
 * page's call button), replaced at once with Find & replace; the button's link, a tel: address the
 * search leaves alone, is typed in its field.
 */
async function changePhoneEverywhere(person: CountedPerson) {
  const { page } = person
  const { phone } = edits
  await person.click(page.getByRole('button', { name: 'Find & replace' }))
  const find = page.getByRole('region', { name: 'Find and replace' })
  await person.type(find.getByRole('textbox', { name: 'Find' }), phone.was)
  await expect(find.getByRole('list', { name: 'Matches' }).getByRole('listitem')).toHaveCount(3)
  await person.type(find.getByRole('textbox', { name: 'Replace with' }), phone.now)
  await person.click(find.getByRole('button', { name: 'Replace all' }))
  await expect(find).toContainText('Replaced 3 matches.')
  await person.click(find.getByRole('button', { name: 'Close find and replace' }))

  await person.click(pagesNav(page).getByRole('button', { name: /^Contact Us/ }))
  await person.click(blockButton(page, '1. Page hero'))
  const button = blockForm(page, 1, 'Page hero').getByRole('group', { name: 'Action 2', exact: true })
  await expect(button.getByRole('textbox', { name: 'Label', exact: true })).toHaveValue(`Call ${phone.now}`)
  await person.type(button.getByRole('combobox', { name: 'To', exact: true }), phone.link)
}

/** Header menu: the top menu's entry moved one place up, by the up arrow on its line in the menu's tree. */
async function changeMenuOrder(person: CountedPerson) {
  const { page } = person
  await person.click(page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name: 'Header menu' }))
  const menu = page.getByRole('tree', { name: 'Header menu' })
  const { moved, before } = edits.menuOrder
  /** The top entries' names, in order (each top line's toggle starts with its entry's name). */
  const topEntries = () => menu.locator(':scope > li').evaluateAll((items) => items.map((item) => item.querySelector(':scope > div [aria-expanded] p')?.textContent))
  expect((await topEntries()).join(' | ')).toContain(`${before} | ${moved}`)
  await person.click(menu.getByRole('button', { name: `Move ${moved} up` }))
  await expect.poll(async () => (await topEntries()).join(' | ')).toContain(`${moved} | ${before}`)
}

/** The About page's title emptied, which the checker names; a new title fixes it. */
async function makeAMistakeAndFixIt(person: CountedPerson) {
  const { page } = person
  await person.click(pagesNav(page).getByRole('button', { name: /^About Us/ }))
  const title = page.getByRole('region', { name: 'Page settings' }).getByRole('textbox', { name: 'Title' })
  await person.click(title)
  await person.press('Control+A')
  await person.press('Backspace')
  const problems = page.getByRole('status', { name: /problems? to fix/ })
  await expect(problems.getByRole('button', { name: /Title/ })).toBeVisible({ timeout: 15_000 })
  await person.type(title, edits.takenBack.title)
  await expect(problems).toBeHidden({ timeout: 15_000 })
}

async function publish(person: CountedPerson) {
  const { page } = person
  await person.click(page.getByRole('button', { name: 'Publish', exact: true }))
  await expect(page.getByText('Published: the site shows your changes now.')).toBeVisible({ timeout: 30_000 })
}

/** The About page's last change taken back with its History: Restore this page, every other page left as it is. */
async function takeAChangeBack(person: CountedPerson) {
  const { page } = person
  await person.click(pagesNav(page).getByRole('button', { name: /^About Eastbridge/ }))
  await person.click(page.getByRole('button', { name: 'History', exact: true }))
  const history = page.getByRole('dialog', { name: /^History of About/ })
  await person.click(
    history
      .getByRole('listitem', { name: /^Change by / })
      .first()
      .getByRole('button', { name: 'Restore this page' }),
  )
  await person.click(history.getByRole('alertdialog').getByRole('button', { name: /^Restore “About/ }))
  await expect(history.getByRole('status')).toContainText(/^Restored: /, { timeout: 30_000 })
  await person.press('Escape')
}

async function signOut(person: CountedPerson) {
  const { page } = person
  await person.click(page.getByRole('button', { name: 'Sign out' }))
  await expect(page.getByLabel('Account name')).toBeVisible()
}

const pagesNav = (page: Page) => page.getByRole('navigation', { name: 'Pages' })
const blockForm = (page: Page, number: number, name: string) => page.getByRole('region', { name: new RegExp(`^Block ${number}: ${name}`) })
