import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

/**
 * The yardstick: a bare node:http server answering one prerendered page from memory, brotli,
 * with the same caching headers and nothing else (no routing, no headers policy, no logging).
 * What the Koa app costs on top of Node is the ratio of the two in the same run.
 */
export async function startPlainPageServer(distDir: string, page: string): Promise<{ url: string; close: () => void }> {
  const file = path.join(distDir, page === '/' ? 'index.html' : `${page}/index.html`)
  const body = fs.readFileSync(`${file}.br`)
  const server = http.createServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Encoding': 'br',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}${page}`, close: () => server.close() }
}
