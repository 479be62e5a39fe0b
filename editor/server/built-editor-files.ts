import fs from 'node:fs'
import path from 'node:path'
import type Koa from 'koa'
import mime from 'mime-types'
import { ASSET_HEADERS, EDITOR_PAGE_HEADERS, PREVIEW_PAGE_HEADERS } from './editor-page-headers.ts'
import { EDITOR_BASE, editorPageAt } from './editor-paths.ts'

const ASSETS = `${EDITOR_BASE}/assets/`

/**
 * The built editor (scripts/lib/build-editor.ts: build/editor/index.html, preview/index.html,
 * assets/*) as the production server answers it, behind the sign-in: the two pages with their
 * policies, and the hashed assets. The files are listed once, at start: a request picks one by
 * its name from that list, never by a path joined from the request.
 */
export function builtEditorFiles(builtDir: string): Koa.Middleware {
  const pages = new Map(
    ['index.html', 'preview/index.html'].map((page) => {
      const file = path.join(builtDir, page)
      if (!fs.existsSync(file)) throw new Error(`The built editor has no ${page} in ${builtDir}: run \`npm run build\` to build it.`)
      return [page, fs.readFileSync(file)]
    }),
  )
  const assetsDir = path.join(builtDir, 'assets')
  const assets = new Map(
    fs
      .readdirSync(assetsDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [entry.name, { file: path.join(assetsDir, entry.name), type: mime.contentType(entry.name) || 'application/octet-stream' }]),
  )

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    const page = editorPageAt(ctx.path)
    if (page) {
      ctx.state.ownHeaders = page === 'index.html' ? EDITOR_PAGE_HEADERS : PREVIEW_PAGE_HEADERS
      ctx.type = 'html'
      ctx.body = pages.get(page)
      return
    }
    const asset = ctx.path.startsWith(ASSETS) ? assets.get(ctx.path.slice(ASSETS.length)) : undefined
    if (!asset) return next()
    ctx.state.ownHeaders = ASSET_HEADERS
    ctx.type = asset.type
    ctx.length = fs.statSync(asset.file).size
    ctx.body = fs.createReadStream(asset.file)
  }
}
