import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { root } from '../../scripts/lib/paths'
import type { PageData, SiteData } from '../../site/site-data'

/** runtime/entry-server.tsx as the content build calls it. */
export interface ServerEntry {
  startPrerender(data: SiteData, pages: (path: string) => Promise<PageData>): Promise<void>
  render(path: string, expectedStatus?: number): Promise<string>
}

/**
 * The project's Vite config in middleware mode, no watching, and the server entry loaded through
 * it: the prerender the content build runs, without a code build, for tests of the pages a config
 * renders to. Close `vite` after the tests.
 */
export async function prerenderServer(): Promise<{ vite: ViteDevServer; entry: ServerEntry }> {
  const vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  })
  return { vite, entry: (await vite.ssrLoadModule('/runtime/entry-server.tsx')) as ServerEntry }
}
