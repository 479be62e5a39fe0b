import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { registry } from '../blocks/registry'
import { App } from './App'
import { preloadBlocks } from './blocks'
import { config } from '../kit/config'
import { createSiteRouter } from './router'
import { theme } from './theme'

export { config }
export const blockTypes = Object.keys(registry)
/** The theme's colours for the share image the build draws (scripts/lib/share-image.ts). */
export const shareColours = { dark: theme.colors!.brand![9], light: theme.colors!.brand![6], accent: theme.colors!.accent![3] }

/** Renders one path to HTML. All blocks are loaded first, so nothing suspends. */
export async function render(path: string): Promise<string> {
  await preloadBlocks(blockTypes)
  const router = createSiteRouter(createMemoryHistory({ initialEntries: [path] }))
  await router.load()
  return renderToString(<App router={router} />)
}
