import { expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import type { Count } from '../../../scripts/harness/editor-task-counts.ts'
import { openEditor, preview } from './editor-session.ts'

/**
 * What a person does with the mouse and the keyboard, counted: a click is one click, text typed
 * into a field is a click into it and one keystroke a character, a key pressed is one keystroke,
 * and picking a file in the system's file dialog counts as two clicks (the file, then Open).
 */
export class CountedPerson implements Count {
  clicks = 0
  keystrokes = 0
  readonly page: Page
  constructor(page: Page) {
    this.page = page
  }

  async click(target: Locator): Promise<void> {
    this.clicks += 1
    await target.click()
  }

  async type(field: Locator, text: string): Promise<void> {
    this.clicks += 1
    this.keystrokes += text.length
    await field.fill(text)
  }

  async press(key: string): Promise<void> {
    this.keystrokes += 1
    await this.page.keyboard.press(key)
  }

  /** Clicks what opens the system's file dialog and picks a file there. */
  async pickFile(opener: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser')
    await this.click(opener)
    this.clicks += 2
    await (await chooser).setFiles(file)
  }
}

/** The new Zero Trust page's three cards, as both the first-time editor and the everyday tasks write them. */
export const zeroTrustCards = [
  { title: 'Verify every request', text: 'Every user and device proves who it is before it reaches an application.' },
  { title: 'Least privilege', text: 'People get the access their work needs, and nothing more.' },
  { title: 'Watch continuously', text: 'Sign-ins and traffic are checked all day, so misuse is caught early.' },
] as const

/** A partner's logo that came by e-mail, uploaded from the logo strip's field. */
export const partnerLogo = { file: 'Acme Trust Logo.png', src: '/images/partners/acme-trust-logo.png', alt: 'Acme Trust' } as const

/** The edits the first-time editor makes, each as it ends up in the config. */
export const firstTimeEdits = {
  page: {
    path: '/security_solutions/zero_trust',
    title: 'Zero Trust',
    description: 'Zero Trust security: every user, device and request verified, for organisations of every size.',
  },
  cards: zeroTrustCards,
  partnerLogo,
  callToAction: { heading: 'Ready for Zero Trust?', text: 'Tell us about your network and we will plan the first steps with you.' },
  about: { title: 'About Eastbridge', description: 'Our story since 2016, and why organisations across eastern India trust us.' },
  phone: '+91 33 4000 5555',
  menuEntry: { from: 'Career', to: 'Careers' },
  /** The home page's card grid loses this card. */
  removedCard: { page: '/', cardNumber: 6 },
  /** About Us: this block moves one place down. */
  movedSection: { page: '/about', blockNumber: 3 },
} as const

/**
 * A first-time editor's everyday edits in the visual editor, as that person would do them with
 * docs/authoring.md open: a new service page (three cards, a partner logo uploaded on the way, a
 * call to action) in the Security Solutions menu; the About page's title and description; the
 * phone number the footer shows; a menu entry renamed; a card removed; a section moved; save.
 */
export async function playFirstTimeEditor(person: CountedPerson, editorUrl: string): Promise<void> {
  const { page } = person
  const edits = firstTimeEdits
  await openEditor(page, editorUrl)
  const pages = page.getByRole('navigation', { name: 'Pages' })
  const site = page.getByRole('navigation', { name: 'Site' })

  // The new page, in a menu, with one partner to start its logo strip.
  await person.click(page.getByRole('button', { name: 'New page' }))
  const dialog = page.getByRole('dialog', { name: 'New page' })
  await person.type(dialog.getByLabel('Path'), edits.page.path)
  await person.type(dialog.getByLabel('Title'), edits.page.title)
  await person.type(dialog.getByLabel('Partner logos'), 'Forti')
  await person.click(page.getByRole('option', { name: 'Fortinet', exact: true }))
  await person.click(dialog.getByLabel('Title')) // away from the logo list, which closes it
  await person.click(dialog.getByRole('combobox', { name: 'Menu' }))
  await person.click(page.getByRole('option', { name: 'Security Solutions' }))
  await person.click(dialog.getByRole('button', { name: 'Create' }))
  await expect(dialog).toBeHidden()

  // The page's description, which a new page leaves for its author to write.
  await person.type(page.getByRole('region', { name: 'Page settings' }).getByRole('textbox', { name: 'Description' }), edits.page.description)

  // Three cards, as many as the New page form makes unless asked for another number, each written.
  await person.click(blockButton(page, '2. Card grid'))
  const grid = page.getByRole('region', { name: /^Block 2: Card grid/ })
  for (const [index, card] of edits.cards.entries()) {
    const group = grid.getByRole('group', { name: `Card ${index + 1}`, exact: true })
    await person.type(group.getByRole('textbox', { name: 'Title', exact: true }), card.title)
    await person.type(group.getByRole('textbox', { name: 'Text', exact: true }), card.text)
  }

  // A partner's logo that came by e-mail: uploaded from the logo strip's form and picked there.
  await person.click(blockButton(page, '3. Logo strip'))
  const strip = page.getByRole('region', { name: /^Block 3: Logo strip/ })
  await person.click(strip.getByRole('button', { name: 'Add logo' }))
  const logo = strip.getByRole('group', { name: 'Logo 2', exact: true })
  await person.click(logo.getByRole('button', { name: 'Upload…' }))
  const picture = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer()
  await person.pickFile(page.getByRole('menuitem', { name: 'images/partners/' }), { name: edits.partnerLogo.file, mimeType: 'image/png', buffer: picture })
  await expect(logo.getByRole('combobox', { name: /^Src/ })).toHaveValue(edits.partnerLogo.src)
  await person.type(logo.getByRole('textbox', { name: /^Alt/ }), edits.partnerLogo.alt)

  // The call to action at the bottom of the page.
  await person.click(blockButton(page, '4. Cta band'))
  const cta = page.getByRole('region', { name: /^Block 4: Cta band/ })
  await person.type(cta.getByRole('textbox', { name: 'Heading' }), edits.callToAction.heading)
  await person.type(cta.getByRole('textbox', { name: 'Text' }), edits.callToAction.text)
  await expect(preview(page).getByRole('heading', { name: edits.callToAction.heading })).toBeVisible()

  // About Us: its title and description, and a section one place down.
  await person.click(pages.getByRole('button', { name: /^About Us/ }))
  const settings = page.getByRole('region', { name: 'Page settings' })
  await person.type(settings.getByRole('textbox', { name: 'Title' }), edits.about.title)
  await person.type(settings.getByRole('textbox', { name: 'Description' }), edits.about.description)
  await person.click(page.getByRole('button', { name: new RegExp(`^Move ${edits.movedSection.blockNumber}\\. .* down$`) }))

  // The phone number the footer shows is the company's.
  await person.click(site.getByRole('button', { name: 'Company' }))
  await person.type(page.getByRole('region', { name: 'Company' }).getByRole('textbox', { name: 'Phone', exact: true }).first(), edits.phone)

  // A menu entry renamed: its line in the menu's tree opens its form.
  await person.click(site.getByRole('button', { name: 'Header menu' }))
  await person.click(page.getByRole('tree', { name: 'Header menu' }).getByRole('button', { name: new RegExp(`^${edits.menuEntry.from}`) }))
  const entry = page.getByRole('group', { name: `Edit ${edits.menuEntry.from}` })
  await expect(entry.getByRole('textbox', { name: 'Label', exact: true })).toHaveValue(edits.menuEntry.from)
  await person.type(entry.getByRole('textbox', { name: 'Label', exact: true }), edits.menuEntry.to)

  // A card removed from the home page's services.
  await person.click(pages.getByRole('button', { name: /^IT Services/ }))
  await person.click(blockButton(page, '2. Card grid'))
  await person.click(page.getByRole('region', { name: /^Block 2: Card grid/ }).getByRole('button', { name: `Remove Card ${edits.removedCard.cardNumber}` }))

  await person.click(page.getByRole('button', { name: 'Save' }))
  await expect(page.getByText(/^Saved /)).toBeVisible()
}

/** The button of the block row whose name starts with e.g. "2. Card grid". */
export const blockButton = (page: Page, name: string) =>
  page
    .getByTestId('block-row')
    .filter({ hasText: name })
    .getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}`) })
