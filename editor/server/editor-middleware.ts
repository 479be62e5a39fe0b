import fs from 'node:fs'
import path from 'node:path'
import type Koa from 'koa'
import type { ViteDevServer } from 'vite'
import { configDocument, type EditedFile } from './config-document.ts'
import { editorApi } from './editor-api.ts'
import { EDITOR_BASE, editorPageAt, SESSION_API } from './editor-paths.ts'
import { isLocalRequest } from './local-only.ts'
import { libraryPictures } from './media/library-pictures.ts'
import { publicPictureFolder } from './media/picture-folder.ts'

import type { Role } from '../../site/editor-roles.ts'

const editorDir = path.resolve(import.meta.dirname, '..')

/**
 * What `GET /_editor/api/session` answers on the dev server, where no one signs in. The editor
 * sends the token back with every change, as it must on the production server; here it is not
 * checked: what keeps other web pages out is the local-only check below (this machine's address,
 * a local Host, and the editor's own Origin on a change), and with no session cookie there is
 * nothing a forged request could borrow that a token would protect. The person at this machine
 * owns the files: an admin.
 */
const DEV_SESSION: { account: string; role: Role; csrfToken: string } = { account: 'local', role: 'admin', csrfToken: 'dev-server' }

/**
 * The visual editor for `npm run dev` (mounted through its plugin, dev-plugin.ts): its two pages
 * (the editor, and the preview the editor shows in a frame) through Vite, and the JSON API
 * (editor-api.ts) over the config file, and the pictures it shows (media/library-pictures.ts).
 * Answers only requests from this machine.
 */
export function editorMiddleware(edited: EditedFile, vite: ViteDevServer): Koa.Middleware {
  const api = editorApi({ document: configDocument(edited), pictures: publicPictureFolder(edited.publicDir), mode: 'file', authorOf: () => undefined })
  const pictures = libraryPictures(edited.publicDir)

  return async (ctx, next) => {
    if (ctx.path !== EDITOR_BASE && !ctx.path.startsWith(`${EDITOR_BASE}/`)) return next()
    if (!isLocalRequest(ctx)) {
      ctx.status = 403
      ctx.body = 'The editor answers only on this machine: open it at http://localhost with the dev server’s port.'
      return
    }
    ctx.set('Cache-Control', 'no-store')
    const page = editorPageAt(ctx.path)
    if (page && ctx.method === 'GET') {
      const html = fs.readFileSync(path.join(editorDir, page), 'utf8')
      ctx.type = 'html'
      ctx.state.developmentPage = true // Vite's dev page: inline scripts, no hashed policy (server/http/security-headers.ts)
      ctx.body = await vite.transformIndexHtml(ctx.url, html)
      return
    }
    if (ctx.path === SESSION_API && ctx.method === 'GET') {
      ctx.body = DEV_SESSION
      return
    }
    return pictures(ctx, () => api(ctx, next))
  }
}
