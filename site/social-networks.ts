import type { IconName, SiteSettings } from './generated/site-config'

type SocialLink = SiteSettings['social'][number]

/**
 * The social networks the site knows by name (schemas/defs/site-settings.schema.json lists them for
 * authors), each with its own spelling, the same in every language, and its icon in the site's icon
 * set. Any other network shows under its name as written, with a plain link icon.
 */
const knownNetworks: Record<string, { name: string; icon: IconName }> = {
  facebook: { name: 'Facebook', icon: 'brand-facebook' },
  twitter: { name: 'Twitter', icon: 'brand-x' },
  x: { name: 'X', icon: 'brand-x' },
  linkedin: { name: 'LinkedIn', icon: 'brand-linkedin' },
  instagram: { name: 'Instagram', icon: 'brand-instagram' },
  youtube: { name: 'YouTube', icon: 'brand-youtube' },
  tiktok: { name: 'TikTok', icon: 'brand-tiktok' },
  github: { name: 'GitHub', icon: 'brand-github' },
  mastodon: { name: 'Mastodon', icon: 'brand-mastodon' },
  threads: { name: 'Threads', icon: 'brand-threads' },
  bluesky: { name: 'Bluesky', icon: 'brand-bluesky' },
  pinterest: { name: 'Pinterest', icon: 'brand-pinterest' },
  telegram: { name: 'Telegram', icon: 'brand-telegram' },
  whatsapp: { name: 'WhatsApp', icon: 'brand-whatsapp' },
  xing: { name: 'XING', icon: 'brand-xing' },
  vimeo: { name: 'Vimeo', icon: 'brand-vimeo' },
  discord: { name: 'Discord', icon: 'brand-discord' },
  reddit: { name: 'Reddit', icon: 'brand-reddit' },
}

/** The names of the known networks, as the schema lists them. */
export const knownNetworkNames = (): string[] => Object.keys(knownNetworks)

/**
 * A profile with its name and icon filled in where the config leaves them out: a known network's
 * own (its name in any letter case), else the network as written and a plain link icon. Done when
 * the config becomes the shell's module (scripts/lib/vite-site-config.ts), so pages carry no table
 * of networks.
 */
export function withNetworkDefaults(link: SocialLink): SocialLink & Required<Pick<SocialLink, 'name' | 'icon'>> {
  const known = Object.hasOwn(knownNetworks, link.network.toLowerCase()) ? knownNetworks[link.network.toLowerCase()] : undefined
  return { ...link, name: link.name ?? known?.name ?? link.network, icon: link.icon ?? known?.icon ?? 'link' }
}
