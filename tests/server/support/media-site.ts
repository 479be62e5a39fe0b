import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import type { ViteDevServer } from 'vite'
import { editorMiddleware } from '../../../editor/server/editor-middleware.ts'
import { createApp } from '../../../server/compose/app.ts'
import { memoryLog } from '../../../ground/log.ts'
import { root } from '../../../scripts/lib/paths.ts'

/**
 * The editor's API as `npm run dev` mounts it, on a site of its own in a temporary folder: a copy
 * of the project's config and a public/images with a few of its pictures (the logo, the partner
 * logos, empty clients/ and blog/ folders). Uploads land there, never in the project's public/.
 */
export async function startMediaSite({ seenFromOutside = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-site-'))
  const publicDir = path.join(dir, 'public')
  const images = path.join(publicDir, 'images')
  for (const folder of ['partners', 'clients', 'blog']) fs.mkdirSync(path.join(images, folder), { recursive: true })
  fs.copyFileSync(path.join(root, 'public/images/logo.svg'), path.join(images, 'logo.svg'))
  fs.cpSync(path.join(root, 'public/images/partners'), path.join(images, 'partners'), { recursive: true })
  const configFile = path.join(dir, 'site.config.json')
  fs.copyFileSync(path.join(root, 'site.config.json'), configFile)

  const { log, entries } = memoryLog()
  // The API never touches Vite; only the editor's HTML pages go through it.
  const app = createApp({ log, pages: editorMiddleware({ file: configFile, label: 'site.config.json', publicDir }, {} as ViteDevServer) })
  const handle = app.callback()
  const server = http.createServer((req, res) => {
    // A documentation address (TEST-NET-2) in place of loopback: the request as another machine's.
    if (seenFromOutside) Object.defineProperty(req.socket, 'remoteAddress', { value: '198.51.100.7', configurable: true })
    void handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    publicDir,
    configFile,
    /** The files under public/images, as site paths. */
    files: () =>
      fs
        .readdirSync(images, { recursive: true, encoding: 'utf8' })
        .filter((name) => fs.statSync(path.join(images, name)).isFile())
        .map((name) => `/images/${name.split(path.sep).join('/')}`)
        .sort(),
    /** Every file under the temporary folder, public/ or not: what an upload may have written anywhere. */
    everyFile: () => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort(),
    read: (src: string) => fs.readFileSync(path.join(publicDir, src)),
    /** An upload as the editor's page sends it: the file as the body, from its own address. */
    upload: (bytes: Buffer | string, query: { name: string; folder?: string; kind?: string }) =>
      request(origin)
        .post('/_editor/api/media/upload')
        .query({ folder: 'partners', kind: 'logo', ...query })
        .set('Origin', origin)
        .set('Content-Type', 'application/octet-stream')
        .send(Buffer.from(bytes)),
    errorsLogged: () => entries().filter((entry) => entry.level === 'error' || entry.level === 'fatal'),
    stop: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

export type MediaSite = Awaited<ReturnType<typeof startMediaSite>>
