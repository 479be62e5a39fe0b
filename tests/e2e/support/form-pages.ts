import { expect, type Page } from '@playwright/test'

/** Filling the three forms the way a visitor does, by their visible labels. */

export const visitor = {
  name: 'Asha Roy',
  email: 'asha.roy@example.org',
  phone: '+91 98300 12345',
}

export const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true })

/** The form's message area (success, failure or alert). */
export const formMessage = (page: Page) => page.locator('form[data-form] [role=alert], form[data-form] [role=status]')

/** Opens a form page and waits until its script is running (the send button is enabled after hydration). */
export async function openForm(page: Page, url: string, submitLabel: string) {
  await page.goto(url)
  // The form hydrates (runtime/islands/) once it comes near the window: a visitor scrolls to it.
  const submit = page.getByRole('button', { name: submitLabel })
  await submit.scrollIntoViewIfNeeded()
  await expect(submit).toBeEnabled()
}

export async function fillContact(page: Page, message = 'We need a firewall review for our three offices.') {
  await field(page, 'Full Name').fill(visitor.name)
  await field(page, 'Email Address').fill(visitor.email)
  await field(page, 'Phone Number').fill(visitor.phone)
  await page.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Services Information' })
  await field(page, 'Message').fill(message)
}

export async function fillQuote(page: Page, products = 'Next-generation firewalls, managed EDR') {
  await field(page, 'Full Name').fill(visitor.name)
  await field(page, 'Phone Number').fill(visitor.phone)
  await field(page, 'Email Address').fill(visitor.email)
  await field(page, 'Organization').fill('Roy Logistics')
  await field(page, 'Products / Services of Interest').fill(products)
}

export async function fillCareerPerson(page: Page) {
  await field(page, 'Full Name').fill(visitor.name)
  await field(page, 'Phone Number').fill(visitor.phone)
  await field(page, 'Email Address').fill(visitor.email)
}

/** Drops a file on the resume drop area, as dragging one from the desktop does. */
export async function dropResume(page: Page, file: { name: string; mimeType: string; bytes: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mimeType, bytes }) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }))
      return transfer
    },
    { name: file.name, mimeType: file.mimeType, bytes: [...file.bytes] },
  )
  const area = page.getByText(/^(Choose file or drag & drop|File selected: .*)$/)
  await area.dispatchEvent('dragenter', { dataTransfer })
  await area.dispatchEvent('drop', { dataTransfer })
}
