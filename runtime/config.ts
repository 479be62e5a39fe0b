import rawConfig from '../site.config.json'
import type { Route, SiteConfig } from './generated/site-config'

/**
 * The site config, checked against schemas/ by `npm run validate` before every build, so the
 * runtime trusts its shape instead of validating it again in the browser.
 */
export const config = rawConfig as unknown as SiteConfig

export type { Route }

const listeners = new Set<() => void>()

/**
 * Dev server only (`npm run dev`): called after a saved site.config.json has replaced the
 * contents of `config`, so the page can re-render with it instead of reloading. In a build
 * `import.meta.hot` is undefined and this whole branch is dropped.
 */
export function onConfigChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

if (import.meta.hot) {
  import.meta.hot.accept('../site.config.json', (next) => {
    if (!next) return
    // Replace the contents, not the object: every module holds this same `config` reference.
    const target = config as unknown as Record<string, unknown>
    for (const key of Object.keys(target)) delete target[key]
    Object.assign(target, (next as unknown as { default: SiteConfig }).default)
    for (const listener of listeners) listener()
  })
}
