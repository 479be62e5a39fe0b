import type { IconName, SiteSettings } from './generated/site-config'

export type Chat = NonNullable<SiteSettings['chat']>

/** The services whose chat address opens with a message typed in (`?text=`); Signal and Messenger links take none. */
const takesGreeting: ReadonlySet<Chat['service']> = new Set(['whatsapp', 'telegram'])

// The services' own names, the same in every language, and their icons in the site's icon set.
const services: Record<Exclude<Chat['service'], 'link'>, { name: string; icon: IconName }> = {
  whatsapp: { name: 'WhatsApp', icon: 'brand-whatsapp' },
  telegram: { name: 'Telegram', icon: 'brand-telegram' },
  signal: { name: 'Signal', icon: 'brand-signal' },
  messenger: { name: 'Messenger', icon: 'brand-messenger' },
}

/** Where the chat button leads: the service's address, with the greeting typed in where the service takes one. */
export function chatHref(chat: Chat): string {
  return chat.greeting && takesGreeting.has(chat.service) ? `${chat.url}?text=${encodeURIComponent(chat.greeting)}` : chat.url
}

/**
 * The chat with its name and icon filled in where the config leaves them out: the service's own,
 * or for a plain link its address's host name and a speech bubble. Done when the config becomes
 * the shell's module (scripts/lib/vite-site-config.ts), so pages carry no table of services.
 */
export function withChatDefaults(chat: Chat): Chat & Required<Pick<Chat, 'name' | 'icon'>> {
  const service = chat.service === 'link' ? { name: new URL(chat.url).host, icon: 'message' as const } : services[chat.service]
  return { ...chat, name: chat.name ?? service.name, icon: chat.icon ?? service.icon }
}
