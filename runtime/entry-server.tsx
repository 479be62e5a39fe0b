import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { registry } from '../blocks/registry'
import { App } from './App'
import { preloadBlocks } from './blocks'
import { config } from './config'
import { createSiteRouter } from './router'

export { config }
export { notFoundHead, pageHead } from "./head"
export const blockTypes = Object.keys(registry)

/** Renders one path to HTML. All blocks are loaded first, so nothing suspends. */
export async function render(path: string): Promise<string> {
  await preloadBlocks(blockTypes)
  const router = createSiteRouter(createMemoryHistory({ initialEntries: [path] }))
  await router.load()
  return renderToString(<App router={router} />)
}
