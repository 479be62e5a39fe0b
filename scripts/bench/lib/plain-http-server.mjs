/**
 * The yardstick for bench:server, in a process of its own: a bare node:http server answering one
 * prerendered page from memory, brotli, with the same caching headers and nothing else (no
 * routing, no headers policy, no logging). Usage: node plain-http-server.mjs <dist> <page> <port>
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

const [dist, page, port] = process.argv.slice(2)
const body = fs.readFileSync(path.join(dist, page === '/' ? 'index.html' : `${page}/index.html`) + '.br')
http
  .createServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Encoding': 'br',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    })
    response.end(body)
  })
  .listen(Number(port), '127.0.0.1')
