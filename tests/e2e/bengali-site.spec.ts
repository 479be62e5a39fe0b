import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { root } from '../../scripts/lib/paths.ts'
import { localNumber } from '../../site/locale-format.ts'
import { field, formMessage, openForm } from './support/form-pages.ts'
import { until } from '../../scripts/harness/site-server.ts'
import { builtSiteSession } from './support/built-site.ts'

/*
 * A site with no English left: the Kolkata sweet shop of tests/fixtures/bengali-site (bn-IN, every
 * `texts` group and both forms in Bengali), built with SITE_DIR and served by the production
 * site.server. Every word a visitor, a screen reader or a mail recipient gets must come from that config:
 * the pages, their accessible names, the 404, the forms after each kind of mistake, the API's
 * answers and the mails. Only what the visitor typed and technical tokens (addresses, e-mail
 * addresses) may hold Latin letters; each English word found is printed with where it was.
 */
// Not serial: a form's English found by one test leaves the others to report theirs.
test.describe.configure({ timeout: 240_000 })

const siteDir = path.join(root, 'tests', 'fixtures', 'bengali-site')
const config = JSON.parse(fs.readFileSync(path.join(siteDir, 'site.config.json'), 'utf8'))
const pages: string[] = config.routes.map((route: { path: string }) => route.path)
const locale = 'bn-IN'

const visitor = { name: 'অসীমা রায়', phone: '+91 98300 12345', email: 'asima.roy@example.org', message: 'উপরে লিখবেন: শুভ জন্মদিন মিঠু' }
/** A pickup day well ahead, inside the order form's rules (from tomorrow, within 400 days). */
const pickup = new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString().slice(0, 10)

const site = builtSiteSession(siteDir, { MAIL_TO: 'dokan@mitra-mishti.example', MAIL_FROM: 'মিত্র মিষ্টান্ন ভাণ্ডার <forms@mitra-mishti.example>' })

interface Finding {
  where: string
  text: string
}

/** The English words of a text, leaving out what the visitor typed, web and e-mail addresses. */
function englishWords(text: string, typed: readonly string[] = []): string[] {
  let rest = text
  for (const value of typed) rest = rest.split(value).join(' ')
  rest = rest.replace(/\b(?:https?|mailto|tel):\S+/g, ' ').replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ')
  return rest.match(/[A-Za-z]+/g) ?? []
}

/** Each finding that holds English, as "where: words  ← text", for the report and the assertion. */
function english(findings: Finding[], typed: readonly string[] = []): string[] {
  return findings.flatMap(({ where, text }) => {
    const words = englishWords(text, typed)
    return words.length > 0 ? [`${where}: ${[...new Set(words)].join(' ')}  ← ${JSON.stringify(text.trim().slice(0, 160))}`] : []
  })
}

/**
 * Everything a page says, seen and unseen: every text node (hidden slides, visually hidden hints and
 * the honeypot's label included), the attributes screen readers and browsers read out, the
 * validation message the browser would show itself (only in a form that lets the browser check),
 * the title and the description, and the names in Chromium's accessibility tree.
 */
async function pageFindings(page: Page, where: string): Promise<Finding[]> {
  const inPage = await page.evaluate(() => {
    const found: Array<{ where: string; text: string }> = []
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.getAttribute('class') ? `.${element.getAttribute('class')!.split(' ')[0]}` : ''}>`
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('script, style') || !node.textContent?.trim()) continue
      found.push({ where: `text in ${describe(parent)}`, text: node.textContent })
    }
    const attributes = ['aria-label', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder', 'alt', 'title', 'placeholder']
    for (const element of document.querySelectorAll('*')) {
      for (const name of attributes) {
        const value = element.getAttribute(name)
        if (value) found.push({ where: `${name} of ${describe(element)}`, text: value })
      }
    }
    // The browser's own bubble, on the field it focused on a send it refused: only where the form lets the browser check.
    const focused = document.activeElement as HTMLInputElement | null
    if (focused?.validationMessage && !focused.form?.noValidate) {
      found.push({ where: `the browser's own validation message of ${describe(focused)}`, text: focused.validationMessage })
    }
    found.push({ where: '<title>', text: document.title })
    const preview = ['description', 'og:title', 'og:description', 'og:image:alt', 'og:site_name', 'twitter:title', 'twitter:description']
    for (const meta of document.querySelectorAll('meta')) {
      const name = meta.getAttribute('name') ?? meta.getAttribute('property') ?? ''
      if (preview.includes(name)) found.push({ where: `<meta ${name}>`, text: meta.content })
    }
    return found
  })
  return [...inPage, ...(await accessibilityTree(page))].map((finding) => ({ ...finding, where: `${where} → ${finding.where}` }))
}

/** The names and texts of Chromium's accessibility tree (its YAML's role words and links' addresses aside). */
async function accessibilityTree(page: Page): Promise<Finding[]> {
  const snapshot = await page.locator('body').ariaSnapshot()
  return snapshot.split('\n').flatMap((line) => {
    const entry = /^\s*- (?:"?[\w-]+"?)(?: "((?:[^"\\]|\\.)*)")?(?: \[[^\]]*\])*:? ?(.*)$/.exec(line)
    if (!entry || /^\s*- \/url:/.test(line)) return []
    const [, name, text] = entry
    return [name, text?.replace(/^"|"$/g, '')].filter((part): part is string => Boolean(part)).map((part) => ({ where: 'accessibility tree', text: part }))
  })
}

function report(title: string, found: string[]) {
  if (found.length > 0) console.log(`English found (${title}):\n  ${found.join('\n  ')}`)
}

test('every page, its menus and the 404 speak Bengali only', async ({ page }) => {
  const found: string[] = []
  for (const pagePath of pages) {
    const response = await page.goto(`${site.server.url}${pagePath}`)
    expect(response?.status(), pagePath).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    found.push(...english(await pageFindings(page, pagePath)))
  }

  // The menu's dropdown on a wide screen, then the phone's menu panel with its close button.
  await page.goto(`${site.server.url}/`)
  await page.getByRole('navigation', { name: config.texts.menu.main }).getByRole('button', { name: 'আমাদের কথা' }).click()
  found.push(...english(await pageFindings(page, '/ with the dropdown open')))
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: config.texts.menu.open }).click()
  await expect(page.getByRole('navigation', { name: config.texts.menu.mobile })).toBeVisible()
  found.push(...english(await pageFindings(page, '/ with the phone menu open')))
  await page.setViewportSize({ width: 1440, height: 900 })

  const missing = await page.goto(`${site.server.url}/no-such-page`)
  expect(missing?.status()).toBe(404)
  found.push(...english(await pageFindings(page, '404')))

  report('pages', found)
  expect(found).toEqual([])
})

test("the numbers the site writes itself are in the site's own digits", async ({ page }) => {
  await page.goto(`${site.server.url}/`)
  const year = localNumber(new Date().getFullYear(), locale, { grouping: false })
  await expect(page.getByRole('contentinfo')).toContainText(`© ${year} ${config.site.name}`)
  await expect(page.locator('ol li > span[aria-hidden]')).toHaveText(['০১', '০২', '০৩'])
  await page.getByText('খুশি পরিবার').scrollIntoViewIfNeeded()
  await expect(page.getByText(localNumber(12500, locale), { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: /^২টির মধ্যে ২ নম্বর স্লাইড দেখান/ })).toBeAttached()

  await page.goto(`${site.server.url}/no-such-page`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${localNumber(404, locale)} ${config.texts.notFound.title}`)
})

/** Waits until a send shows something: the form's message, or the browser's own bubble on a field it focused. */
async function untilAnswered(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Boolean(document.querySelector('form[data-form] [role=alert], form[data-form] [role=status]')?.textContent?.trim() || document.activeElement?.matches(':invalid')),
        ),
      {
        timeout: 30_000,
      },
    )
    .toBe(true)
}

/** Sets a value past the field's maxLength, as a pasting program could: the browser only stops typing. */
async function overfill(page: Page, label: string, value: string) {
  await field(page, label).evaluate((element, text) => {
    const input = element as HTMLInputElement
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, text)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  }, value)
}

/** A form of the fixture: its name (and address), its send button, how a visitor fills it, and the field sent too long (its limit is the config's). */
interface FormCase {
  form: string
  submit: string
  fill: (page: Page) => Promise<void>
  tooLongLabel: string
}

/** The visitor's name, e-mail address and phone number, which both forms ask for. */
async function fillVisitor(page: Page) {
  await field(page, 'আপনার নাম').fill(visitor.name)
  await field(page, 'ই-মেল').fill(visitor.email)
  await field(page, 'ফোন নম্বর').fill(visitor.phone)
}

const formCases: FormCase[] = [
  {
    form: 'contact',
    submit: 'বার্তা পাঠান',
    fill: async (page) => {
      await fillVisitor(page)
      await page.getByRole('combobox', { name: 'বিষয়' }).selectOption({ label: 'অনুষ্ঠানের অর্ডার' })
      await field(page, 'বার্তা').fill(visitor.message)
    },
    tooLongLabel: 'বার্তা',
  },
  {
    form: 'order',
    submit: 'অর্ডার পাঠান',
    fill: async (page) => {
      await fillVisitor(page)
      await page.getByRole('combobox', { name: 'কেক' }).selectOption({ label: 'নলেন গুড়ের কেক' })
      await page.getByLabel('কেক নেওয়ার তারিখ').fill(pickup)
      await field(page, 'কেকের উপর কী লেখা থাকবে').fill(visitor.message)
    },
    tooLongLabel: 'আপনার নাম',
  },
]

const typed = [...Object.values(visitor), pickup]

for (const { form, submit, fill, tooLongLabel } of formCases) {
  const formPath = `/${form}`
  const declared = config.forms[form] as { fields: { label: string; maxLength?: number }[]; confirmation?: unknown }
  const tooLong = { label: tooLongLabel, maxLength: declared.fields.find((field) => field.label === tooLongLabel)!.maxLength! }
  // The shop's mail, and the thank-you to the visitor where the form sends one.
  const mails = declared.confirmation ? 2 : 1
  test(`the ${form} form answers every mistake and a good submission in Bengali, in the page and in its mails`, async ({ page }) => {
    const found: string[] = []
    const badEmail = 'asima.roy@'

    await openForm(page, `${site.server.url}${formPath}`, submit)
    await page.getByRole('button', { name: submit }).click()
    await untilAnswered(page)
    found.push(...english(await pageFindings(page, `${formPath} sent empty`)))

    await openForm(page, `${site.server.url}${formPath}`, submit)
    await fill(page)
    await overfill(page, tooLong.label, 'ক'.repeat(tooLong.maxLength + 1))
    await page.getByRole('button', { name: submit }).click()
    await untilAnswered(page)
    found.push(...english(await pageFindings(page, `${formPath} with a too long ${tooLong.label}`), typed))

    await openForm(page, `${site.server.url}${formPath}`, submit)
    await fill(page)
    await field(page, 'ই-মেল').fill(badEmail)
    await page.getByRole('button', { name: submit }).click()
    await untilAnswered(page)
    found.push(...english(await pageFindings(page, `${formPath} with a bad e-mail address`), [...typed, badEmail]))

    if (form === 'order') {
      // A date box holds only real days; a day the calendar lacks reaches the server as a program sends it.
      await openForm(page, `${site.server.url}${formPath}`, submit)
      await page.route('**/api/order', (route) => route.continue({ postData: JSON.stringify({ ...JSON.parse(route.request().postData() ?? '{}'), pickup: '2026-02-30' }) }))
      await fill(page)
      await page.getByRole('button', { name: submit }).click()
      await untilAnswered(page)
      found.push(...english(await pageFindings(page, `${formPath} with a day the calendar lacks`), [...typed, '2026-02-30']))
      await page.unroute('**/api/order')

      // A day already past: the page's own check refuses it, in the form's words.
      await openForm(page, `${site.server.url}${formPath}`, submit)
      await fill(page)
      await page.getByLabel('কেক নেওয়ার তারিখ').fill('2020-01-06')
      await page.getByRole('button', { name: submit }).click()
      await untilAnswered(page)
      await expect(page.getByText(/কেক নেওয়ার তারিখ .+ বা তার পরের হতে হবে/)).toBeVisible()
      found.push(...english(await pageFindings(page, `${formPath} with a day already past`), [...typed, '2020-01-06']))
    }

    const before = site.smtp.received.length
    await openForm(page, `${site.server.url}${formPath}`, submit)
    await fill(page)
    const answer = page.waitForResponse((response) => response.url().endsWith(`/api/${form}`))
    await page.getByRole('button', { name: submit }).click()
    await expect(formMessage(page)).toHaveText(config.forms[form].successMessage, { timeout: 30_000 })
    found.push(...english(await pageFindings(page, `${formPath} after a good submission`), typed))
    // The submission's reference is a technical token, like an address: the shop quotes it as it is.
    const reference: string = (await (await answer).json()).data.reference

    await until(`the ${form} form's mails`, () => site.smtp.received.length === before + mails, 30_000)
    for (const { parsed, envelope } of site.smtp.received.slice(before)) {
      const where = `mail to ${envelope.to.join(', ')}`
      const html = typeof parsed.html === 'string' ? parsed.html.replace(/<(style|head)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ') : ''
      found.push(
        ...english(
          [
            { where: `${where} → subject`, text: parsed.subject ?? '' },
            { where: `${where} → text`, text: parsed.text ?? '' },
            { where: `${where} → HTML`, text: html },
          ],
          [...typed, reference],
        ),
      )
    }

    report(`the ${form} form`, found)
    expect(found).toEqual([])
  })
}

test("the forms' API answers each kind of mistake in Bengali", async ({ request }) => {
  const good = {
    contact: { name: visitor.name, email: visitor.email, phone: visitor.phone, subject: 'সাধারণ প্রশ্ন', message: visitor.message },
    order: { name: visitor.name, phone: visitor.phone, email: visitor.email, cake: 'নলেন গুড়ের কেক', pickup, message: visitor.message },
  }
  const found: string[] = []
  for (const [form, valid] of Object.entries(good)) {
    const choiceField = form === 'order' ? 'cake' : 'subject'
    const mistakes: Record<string, Record<string, unknown> | string> = {
      'every field empty': Object.fromEntries(Object.keys(valid).map((key) => [key, ''])),
      'nothing sent': {},
      'a too long name': { ...valid, name: 'ক'.repeat(300) },
      'a bad e-mail address': { ...valid, email: 'asima.roy@@example' },
      'a choice the form does not offer': { ...valid, [choiceField]: 'অন্য কিছু' },
      'a name over two lines': { ...valid, name: 'অসীমা\nরায়' },
      ...(form === 'order'
        ? {
            'a day the calendar lacks': { ...valid, pickup: '2026-02-30' },
            'no date at all': { ...valid, pickup: 'শীঘ্রই' },
            'a day already past': { ...valid, pickup: '2020-01-06' },
            'a day too far ahead': { ...valid, pickup: `${new Date().getFullYear() + 3}-01-06` },
          }
        : {}),
      'a body that is no JSON': '{"name": ',
    }
    for (const [mistake, body] of Object.entries(mistakes)) {
      const response = await request.post(`${site.server.url}/api/${form}`, {
        headers: { 'x-api-key': 'dev-key', 'content-type': 'application/json' },
        data: typeof body === 'string' ? body : JSON.stringify(body),
      })
      expect(response.status(), `${form}: ${mistake}`).toBeGreaterThanOrEqual(400)
      expect(response.status(), `${form}: ${mistake}`).toBeLessThan(500)
      const answer = (await response.json()) as { message: string; data?: { problems?: Record<string, string> } }
      const where = `POST /api/${form} with ${mistake}`
      found.push(
        ...english(
          [
            { where: `${where} → message`, text: answer.message },
            ...Object.entries(answer.data?.problems ?? {}).map(([key, text]) => ({ where: `${where} → problems.${key}`, text })),
          ],
          [...typed, 'asima.roy@@example'],
        ),
      )
    }
  }
  report('the API', found)
  expect(found).toEqual([])
})
