/**
 * A built dist/ served as the site serves it, enough for a screenshot: /about answers
 * about/index.html, a file answers itself, anything else the 404 page. On 127.0.0.1 and a free port.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { contentType } from 'mime-types'

export interface StaticSite {
  url: string
  close(): Promise<void>
}

function fileFor(dist: string, pathname: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  const full = path.resolve(dist, `.${decoded}`)
  if (full !== dist && !full.startsWith(dist + path.sep)) return undefined
  for (const candidate of [full, path.join(full, 'index.html')]) if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate
  return undefined
}

export async function serveDist(distFolder: string): Promise<StaticSite> {
  const dist = path.resolve(distFolder)
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost')
    const file = fileFor(dist, pathname)
    const served = file ?? path.join(dist, '404.html')
    response.writeHead(file ? 200 : 404, { 'content-type': contentType(path.extname(served)) || 'application/octet-stream', 'cache-control': 'no-store' })
    fs.createReadStream(served)
      .on('error', () => response.end())
      .pipe(response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
