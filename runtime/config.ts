import rawConfig from '../site.config.json'
import type { Route, SiteConfig } from './generated/site-config'

/**
 * The site config, checked against schemas/ by `npm run validate` before every build, so the
 * runtime trusts its shape instead of validating it again in the browser.
 */
export const config = rawConfig as unknown as SiteConfig

export type { Route }
