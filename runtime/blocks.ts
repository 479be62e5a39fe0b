import { registry } from '../blocks/registry'
import { createBlockRenderer } from './block-view'

/** The site's block renderer, shared by the router, the client entry and the prerender. */
export const { preload: preloadBlocks, BlockList } = createBlockRenderer(registry)
