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
  const forms: import('../site/generated/site-config').SiteConfig['forms']
  export default forms
}
