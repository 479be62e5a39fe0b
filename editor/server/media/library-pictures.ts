import fs from 'node:fs'
import path from 'node:path'
import type Koa from 'koa'
import mime from 'mime-types'
import { PICTURE_HEADERS } from '../editor-page-headers.ts'
import { listImages } from '../image-files.ts'
import { EDITOR_PICTURES, sitePictureOf } from './picture-address.ts'

/** The path as the file's name reads (a space, not %20); as sent when it is no valid encoding, which then names no picture. */
function decodedPath(sent: string): string {
  try {
    return decodeURIComponent(sent)
  } catch {
    return sent
  }
}

/**
 * GET EDITOR_PICTURES<path under images/>: a picture of the library (picture-address.ts), as the
 * editor's own pages show it, an uploaded one before it is published included. The address only
 * picks an entry of the library's list (never a path joined from the request), so `..`, an
 * encoded slash or any name the list does not hold answers 404. Who may reach it is the mount's
 * decision, as for the rest of the editor: this machine under `npm run dev`, the signed-in
 * editor on a production server.
 */
export function libraryPictures(publicDir: string): Koa.Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(EDITOR_PICTURES)) return next()
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD')
      ctx.status = 405
      return
    }
    const src = sitePictureOf(decodedPath(ctx.path))
    const file = src && listImages(publicDir).includes(src) ? path.join(publicDir, ...src.split('/').filter(Boolean)) : undefined
    // Deleted since it was listed, or a folder named like a picture: no picture either.
    const stat = file ? fs.statSync(file, { throwIfNoEntry: false }) : undefined
    if (!file || !stat?.isFile()) {
      ctx.status = 404
      ctx.body = 'There is no such picture in the library.'
      return
    }
    const { size, mtimeMs } = stat
    ctx.status = 200
    ctx.state.ownHeaders = PICTURE_HEADERS
    ctx.type = mime.lookup(file) || 'application/octet-stream'
    // Asked again each time it is shown: a deleted picture's name may be taken by the next upload.
    ctx.etag = `"${size.toString(36)}-${Math.trunc(mtimeMs).toString(36)}"`
    if (ctx.fresh) {
      ctx.status = 304
      return
    }
    ctx.length = size
    ctx.body = fs.createReadStream(file)
  }
}
