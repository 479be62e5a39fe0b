// The modules scripts/lib/vite-site-config.ts makes from site.config.json.

declare module 'virtual:site-config' {
  import type { SiteShell } from './config'
  const shell: SiteShell
  export default shell
  /** One loader per route path: the route's title, description and blocks, a chunk of their own. */
  export const pageLoaders: Record<string, () => Promise<{ default: import('./config').PageContent }>>
}

declare module 'virtual:site-page/*' {
  const content: import('./config').PageContent
  export default content
}

declare module 'virtual:site-forms' {
  // Never undefined: the schema's default is {} (a site without forms).
  const forms: NonNullable<import('../site/generated/site-config').SiteConfig['forms']>
  export default forms
}

// The words a block writes itself (texts.<block type> in the config), a module in that block's chunk.
declare module 'virtual:site-texts/blogArticles' {
  const texts: import('../site/generated/site-config').SiteTexts['blogArticles']
  export default texts
}
declare module 'virtual:site-texts/caseStudies' {
  const texts: import('../site/generated/site-config').SiteTexts['caseStudies']
  export default texts
}
declare module 'virtual:site-texts/contactDetails' {
  const texts: import('../site/generated/site-config').SiteTexts['contactDetails']
  export default texts
}
declare module 'virtual:site-texts/form' {
  const texts: import('../site/generated/site-config').SiteTexts['form']
  export default texts
}
declare module 'virtual:site-texts/heroCarousel' {
  const texts: import('../site/generated/site-config').SiteTexts['heroCarousel']
  export default texts
}
declare module 'virtual:site-texts/logoStrip' {
  const texts: import('../site/generated/site-config').SiteTexts['logoStrip']
  export default texts
}
declare module 'virtual:site-texts/placeholder' {
  const texts: import('../site/generated/site-config').SiteTexts['placeholder']
  export default texts
}
declare module 'virtual:site-texts/trustBadges' {
  const texts: import('../site/generated/site-config').SiteTexts['trustBadges']
  export default texts
}

// The icons of the config's social networks and chat, by their names in the icon set (kit/icons.ts).
declare module 'virtual:site-shell-icons' {
  const icons: Partial<Record<import('../site/generated/site-config').IconName, import('@tabler/icons-react').Icon>>
  export default icons
}
