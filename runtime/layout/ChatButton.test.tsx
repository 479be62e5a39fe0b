import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { withChatDefaults, type Chat } from '../../site/chat-link'
import { config } from '../../kit/config'
import { icons } from '../../kit/icons'
import { loadShellIcons } from '../../kit/ShellIcon'
import type { IconName } from '../../site/generated/site-config'
import { renderInSite } from '../../tests/helpers/render-block'
import { ChatButton } from './ChatButton'
import { Layout } from './Layout'

const greeting = 'Hello! A question about braces.'
/** A chat as the shell has it: the service's name and icon filled in by the build. */
const chat = (settings: Partial<Chat> & Pick<Chat, 'url'>): Chat => withChatDefaults({ service: 'whatsapp', label: 'Chat with us', ...settings })

async function chatButton(settings: Chat) {
  await renderInSite(<ChatButton chat={settings} />)
  const button = screen.getByRole('link', { name: settings.label })
  return { href: button.getAttribute('href'), icon: button.querySelector('svg')?.getAttribute('class') }
}

// A page loads just the icons its config names (kit/ShellIcon.tsx); these tests name others too.
beforeAll(() => loadShellIcons(Object.keys(icons) as IconName[]))

describe('the chat button', () => {
  it('opens WhatsApp by default, with the greeting typed in', async () => {
    expect(await chatButton(chat({ url: 'https://wa.me/919800000000', greeting }))).toEqual({
      href: `https://wa.me/919800000000?text=${encodeURIComponent(greeting)}`,
      icon: expect.stringContaining('tabler-icon-brand-whatsapp'),
    })
  })

  it('opens Telegram with the greeting typed in, under its own icon', async () => {
    expect(await chatButton(chat({ service: 'telegram', url: 'https://t.me/asha_dental', greeting }))).toEqual({
      href: `https://t.me/asha_dental?text=${encodeURIComponent(greeting)}`,
      icon: expect.stringContaining('tabler-icon-brand-telegram'),
    })
  })

  it('opens Signal and Messenger at their address as written: they take no greeting', async () => {
    const signal = 'https://signal.me/#p/+919800000000'
    expect(await chatButton(chat({ service: 'signal', url: signal, greeting }))).toEqual({ href: signal, icon: expect.stringContaining('tabler-icon-brand-signal') })
    expect(await chatButton(chat({ service: 'messenger', url: 'https://m.me/ashadental', greeting, label: 'Messenger' }))).toEqual({
      href: 'https://m.me/ashadental',
      icon: expect.stringContaining('tabler-icon-brand-messenger'),
    })
  })

  it('a plain chat link opens as written, with the icon the config names', async () => {
    expect(await chatButton(chat({ service: 'link', url: 'https://chat.example.org/start?team=care', icon: 'headset', label: 'Live chat' }))).toEqual({
      href: 'https://chat.example.org/start?team=care',
      icon: expect.stringContaining('tabler-icon-headset'),
    })
  })

  it('is on every page of a site with a chat, and on none of a site without one', async () => {
    const { unmount } = await renderInSite(<Layout />)
    expect(screen.getByRole('link', { name: config.site.chat!.label })).toBeTruthy()
    unmount()
    const shipped = config.site.chat
    delete config.site.chat
    onTestFinished(() => void (config.site.chat = shipped))
    await renderInSite(<Layout />)
    expect(screen.queryByRole('link', { name: shipped!.label })).toBeNull()
    expect(document.querySelector('a[href*="wa.me"]')).toBeNull()
  })
})
