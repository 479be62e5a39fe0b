import type { AuthoredBlock } from '../../site/generated/authored-block.ts'
import type { Route } from '../../site/generated/site-config.ts'

/** A page as the scaffold writes it into site.config.json: what the schemas default is left out. */
export type AuthoredRoute = Omit<Route, 'blocks' | 'layout'> & { blocks: AuthoredBlock[]; layout?: Route['layout'] }
