import type Koa from 'koa'
import type { ViteDevServer } from 'vite'
import type { EditedFile } from './config-document.ts'
import { editorMiddleware } from './editor-middleware.ts'
import { EDITOR_BASE } from './editor-paths.ts'

/**
 * The visual editor as a plugin of the dev server (`npm run dev` hands it in): its pages and API
 * under /_editor. Written against the plugin's shape, not the dev server's module, so the editor
 * imports nothing of scripts/.
 */
export function editorDevPlugin({ config, vite }: { config: EditedFile; vite: ViteDevServer }): Array<{ path: string; middleware: Koa.Middleware }> {
  return [{ path: EDITOR_BASE, middleware: editorMiddleware(config, vite) }]
}
