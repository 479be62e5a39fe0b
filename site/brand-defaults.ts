import { withChatDefaults } from './chat-link.ts'
import type { IconName, SiteSettings } from './generated/site-config'
import { withNetworkDefaults } from './social-networks.ts'

/** The settings with every social network's and the chat's name and icon filled in (withNetworkDefaults, withChatDefaults). */
export function withBrandDefaults(site: SiteSettings): SiteSettings {
  return { ...site, social: site.social.map(withNetworkDefaults), ...(site.chat && { chat: withChatDefaults(site.chat) }) }
}

/** The icons of the site's own settings the shell draws on every page: its social networks' and its chat's. */
export function shellIconNames({ social, chat }: Pick<SiteSettings, 'social' | 'chat'>): IconName[] {
  return [...new Set([...social.map((link) => withNetworkDefaults(link).icon), ...(chat ? [withChatDefaults(chat).icon] : [])])]
}
