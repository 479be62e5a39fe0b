import { screen } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { config } from '../../kit/config'
import { withChatDefaults } from '../../site/chat-link'
import type { ContactDetailsBlock } from '../../site/generated/site-config'
import { renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import ContactDetails from './ContactDetails'

const [example] = schemaExamples<ContactDetailsBlock>('contactDetails')
const { site } = config

/** As tests/helpers' expectNoAxeViolations, but without entering the map's iframe, which jsdom cannot load. */
async function expectNoAxeViolations(container: Element) {
  const results = await axe.run(container, { iframes: false, rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([])
}

describe('contactDetails block', () => {
  it('renders its schema example: quick-contact links for phone, e-mail and chat', async () => {
    const { container } = await renderInSite(<ContactDetails {...example!} />)
    expect(screen.getByRole('heading', { level: 2, name: example!.heading! })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Call Us/ }).getAttribute('href')).toBe(`tel:${site.phone.replace(/\s/g, '')}`)
    expect(screen.getByRole('link', { name: /Email Us/ }).getAttribute('href')).toBe(`mailto:${site.email}`)
    const chat = screen.getByRole('link', { name: /Chat With Us/ })
    expect(chat.getAttribute('href')).toBe(`${site.chat!.url}?text=${encodeURIComponent(site.chat!.greeting!)}`)
    expect(chat.getAttribute('target')).toBe('_blank')
    expect(chat.textContent).toBe('Chat With UsWhatsApp')
    await expectNoAxeViolations(container)
  })

  it("names the chat's service, or its own name; a site without a chat has no chat line", async () => {
    const shipped = site.chat
    onTestFinished(() => void (site.chat = shipped))
    site.chat = withChatDefaults({ service: 'telegram', url: 'https://t.me/asha_dental', label: 'Chat with us' })
    const { unmount } = await renderInSite(<ContactDetails {...example!} />)
    expect(screen.getByRole('link', { name: /Chat With Us/ }).textContent).toBe('Chat With UsTelegram')
    unmount()
    site.chat = withChatDefaults({ service: 'link', url: 'https://chat.example.org/start', label: 'Chat with us' })
    const second = await renderInSite(<ContactDetails {...example!} />)
    expect(screen.getByRole('link', { name: /Chat With Us/ }).textContent).toBe('Chat With Uschat.example.org')
    second.unmount()
    delete site.chat
    await renderInSite(<ContactDetails {...example!} />)
    expect(screen.queryByRole('link', { name: /Chat With Us/ })).toBeNull()
    expect(screen.getByRole('link', { name: /Call Us/ })).toBeTruthy()
  })

  it('lists every office with its address, phone, e-mail and map link, and the business hours', async () => {
    await renderInSite(<ContactDetails {...example!} />)
    for (const office of site.offices) {
      expect(screen.getByRole('heading', { level: 3, name: new RegExp(`^${office.city}`) })).toBeTruthy()
      expect(screen.getByText(office.address)).toBeTruthy()
      if (office.phone) expect(screen.getByRole('link', { name: office.phone })).toBeTruthy()
      if (office.email) expect(screen.getByRole('link', { name: office.email }).getAttribute('href')).toBe(`mailto:${office.email}`)
      expect(screen.getByRole('link', { name: `Open in Maps : ${office.city} office` }).getAttribute('href')).toBe(office.mapUrl)
    }
    for (const line of site.businessHours) expect(screen.getByText(line.hours)).toBeTruthy()
  })

  it('embeds the map with a title, a fixed height and lazy loading', async () => {
    await renderInSite(<ContactDetails {...example!} />)
    const map = screen.getByTitle(example!.map.title) as HTMLIFrameElement
    expect(map.tagName).toBe('IFRAME')
    expect(map.getAttribute('src')).toBe(example!.map.embedUrl)
    expect(map.getAttribute('loading')).toBe('lazy')
    expect(map.getAttribute('height')).toBe('400')
  })
})
