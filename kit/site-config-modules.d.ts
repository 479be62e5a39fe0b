// The modules scripts/lib/vite-site-config.ts makes from site.config.json.

declare module 'virtual:site-config' {
  import type { SiteShell } from './config'
  const shell: SiteShell
  export default shell
  /** One loader per route path: the route's blocks, a chunk of their own. */
  export const pageLoaders: Record<string, () => Promise<{ default: import('../site/generated/site-config').Block[] }>>
}

declare module 'virtual:site-page/*' {
  const blocks: import('../site/generated/site-config').Block[]
  export default blocks
}

declare module 'virtual:site-forms' {
  const forms: import('../site/generated/site-config').SiteConfig['forms']
  export default forms
}
