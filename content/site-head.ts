import escapeHtml from 'escape-html'
import type { SiteSettings } from '../site/generated/site-config'
import { themePalettes } from '../site/theme-palettes.ts'

const iconTypes: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon' }

/**
 * The page's own tags of the site's brand: the colour phones give the address bar (site.themeColor,
 * else the footer's navy made from the theme's primary colour), the favicon when the config names
 * one, and the site's web fonts (content/web-fonts.ts: their preloads and @font-face rules).
 */
function siteHeadTags(site: SiteSettings, fontTags: string): string {
  const themeColor = site.themeColor ?? themePalettes(site.theme).navy
  const tags = [`<meta name="theme-color" content="${escapeHtml(themeColor)}" />`]
  if (site.favicon) {
    const type = iconTypes[site.favicon.slice(site.favicon.lastIndexOf('.') + 1).toLowerCase()]
    tags.push(`<link rel="icon" href="${escapeHtml(site.favicon)}"${type ? ` type="${type}"` : ''} />`)
  }
  if (fontTags) tags.push(fontTags)
  return tags.join('\n    ')
}

/** Where index.html takes the site's head tags: after the page's own, before the code build's script and stylesheet. */
const SITE_HEAD_MARKER = '<!--site-head-->'

/**
 * The site's page (index.html: the code build's template, the dev server's page) with the
 * language of `site.locale` and the site's head tags, which no code build knows: the content build
 * and the dev server put them in, with the font tags (fontHeadTags) of the fonts they serve.
 */
export function withSiteHead(html: string, site: SiteSettings, fontTags = ''): string {
  const language = /(<html\b[^>]*?\blang=")[^"]*"/
  if (!language.test(html)) throw new Error('index.html: its <html> has no lang="…" to set to site.locale')
  if (!html.includes(SITE_HEAD_MARKER)) throw new Error(`index.html: it has no ${SITE_HEAD_MARKER} to put the theme colour and favicon at`)
  return html.replace(language, (_tag, start: string) => `${start}${escapeHtml(site.locale)}"`).replace(SITE_HEAD_MARKER, () => siteHeadTags(site, fontTags))
}
