import fs from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { siteFonts } from '../../content/web-fonts'
import { readDevConfig } from '../../scripts/lib/vite-site-config'
import { siteWebFonts } from '../../scripts/lib/vite-web-fonts'
import { root } from '../../scripts/lib/paths'

/** `npm run dev` on a site that ships its own fonts (tests/fixtures/bengali-fonts): its pages name them and the dev server hands out their files, as a built site does. */
type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void
interface LoadedPlugin {
  configureServer(server: { middlewares: { use(middleware: Middleware): void } }): void
  transformIndexHtml: { handler(html: string): string }
}

const site = { configFile: path.join(root, 'tests/fixtures/bengali-fonts/site.config.json'), publicDir: path.join(root, 'tests/fixtures/bengali-fonts/public') }
const plugin = siteWebFonts(site) as unknown as LoadedPlugin
const fonts = siteFonts(readDevConfig(site.configFile).site, site.publicDir)
const sitePage = '<!doctype html>\n<html lang="bn-IN">\n  <head>\n  </head>\n  <body><script type="module" src="/runtime/entry-client.tsx"></script></body>\n</html>'

const middlewares: Middleware[] = []
plugin.configureServer({ middlewares: { use: (middleware) => middlewares.push(middleware) } })
const server = http.createServer((request, response) => {
  middlewares[0]!(request, response, () => {
    response.statusCode = 404
    response.end()
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('the dev server of a site with its own web fonts', () => {
  it('puts the fonts’ preloads and @font-face rules in the site’s pages, and only there', () => {
    expect(fonts.faces.length).toBeGreaterThan(0)
    const head = plugin.transformIndexHtml.handler(sitePage)
    for (const face of fonts.faces) expect(head).toContain(`src:url(${face.url})`)
    expect(head).toContain(`<link rel="preload" href="${fonts.body.preload!.url}" as="font"`)
    expect(head).toMatch(/font-display:swap/)
    const editorPage = '<html><head></head><body><script type="module" src="/editor/client/main.tsx"></script></body></html>'
    expect(plugin.transformIndexHtml.handler(editorPage)).toBe(editorPage)
  })

  it('answers each font file at its hashed address with its bytes and type, and nothing else under /assets/fonts/', async () => {
    const face = fonts.faces[0]!
    const answer = await fetch(base + face.url)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^font\//)
    expect(Buffer.from(await answer.arrayBuffer()).equals(fs.readFileSync(face.source))).toBe(true)
    expect((await fetch(`${base}/assets/fonts/../../site.config.json`)).status).toBe(404)
    expect((await fetch(`${base}/assets/fonts/nothing-00000000.woff2`)).status).toBe(404)
  })
})
