import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { linkFiles } from '../../content/link-files.ts'
import { createApp } from '../../server/compose/app.ts'
import { createLogger } from '../../ground/log.ts'
import { siteHolder } from '../../server/static/site-holder.ts'
import { makeTinyDist } from './support/tiny-site.ts'

const folders: string[] = []
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

/** A tiny site whose About page is `about` (and a megabyte long, so a slow reader is still reading it after a switch). */
function siteWith(about: string, routes?: { path: string; aliases: string[] }[]): string {
  const dir = makeTinyDist()
  folders.push(dir)
  fs.rmSync(path.join(dir, 'about', 'index.html.br'))
  fs.rmSync(path.join(dir, 'about', 'index.html.gz'))
  fs.writeFileSync(path.join(dir, 'about', 'index.html'), `<h1>${about}</h1>` + '<p>padding</p>'.repeat(80_000))
  if (routes) fs.writeFileSync(path.join(dir, '.site-routes.json'), JSON.stringify(routes))
  return dir
}

describe('switching the site served while the server runs (publishing)', () => {
  const first = siteWith('About, first version')
  const second = siteWith('About, second version', [
    { path: '/', aliases: [] },
    { path: '/about', aliases: ['/about-us'] },
    { path: '/contact', aliases: [] },
    { path: '/managed_services_solutions', aliases: [] },
  ])
  const holder = siteHolder(first)
  const server = http.createServer(createApp({ log: createLogger({ level: 'silent' }), site: holder }).callback())
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('answers a request begun before the switch from the old site to its last byte, and the next request from the new one, new aliases included', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const url = (address: string) => `http://127.0.0.1:${port}${address}`
    expect((await fetch(url('/about-us'))).status).toBe(404)

    // A slow visitor: the first chunk of the old page has arrived when the site switches.
    let switched: Promise<void> | undefined
    const inFlight = new Promise<string>((resolve, reject) => {
      http.get(url('/about'), { headers: { 'accept-encoding': 'identity' } }, (response) => {
        const chunks: Buffer[] = []
        response.once('data', (chunk: Buffer) => {
          chunks.push(chunk)
          response.pause()
          switched = holder.switchTo(second)
          setTimeout(() => response.resume(), 50)
          response.on('data', (more: Buffer) => chunks.push(more))
        })
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        response.on('error', reject)
      })
    })
    const old = await inFlight
    expect(old.startsWith('<h1>About, first version</h1>')).toBe(true)
    expect(old.endsWith('<p>padding</p>')).toBe(true)
    expect(old.length).toBe('<h1>About, first version</h1>'.length + '<p>padding</p>'.length * 80_000)
    await switched

    expect(await (await fetch(url('/about'))).text()).toContain('About, second version')
    const alias = await fetch(url('/about-us'), { redirect: 'manual' })
    expect(alias.status).toBe(301)
    expect(alias.headers.get('location')).toBe('/about')
  })

  it('answers visitors from the current site while it reads the next one, which it serves once read whole', async () => {
    const { port } = server.address() as AddressInfo
    const large = siteWith('About, a site of 3,000 files')
    for (let index = 0; index < 3_000; index++) fs.writeFileSync(path.join(large, 'assets', `chunk-${index}.js`), `export default ${index}\n`.repeat(200))
    const before = holder.dir
    let read = false
    const switching = holder.switchTo(large).then(() => (read = true))
    // Read at once, the switch held the event loop until the whole site was in memory: no request was answered meanwhile.
    const during = await fetch(`http://127.0.0.1:${port}/about`)
    expect([read, holder.dir, (await during.text()).includes('About, a site of 3,000 files')]).toEqual([false, before, false])
    await switching
    expect(await (await fetch(`http://127.0.0.1:${port}/assets/chunk-2999.js`)).text()).toContain('export default 2999')
  })

  it('keeps serving the current site when the folder to switch to is no whole site', async () => {
    const broken = siteWith('never served')
    fs.rmSync(path.join(broken, '.site-routes.json'))
    const served = holder.dir
    await expect(holder.switchTo(broken)).rejects.toThrow(/no built site/)
    expect(holder.dir).toBe(served)
  })

  it('takes from the site served the files a new version links (a publish links every file it did not change), and reads the others', async () => {
    const served = siteWith('About, served')
    const holder = siteHolder(served)
    const next = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-linked-'))
    folders.push(next)
    linkFiles(served, null, next)
    fs.rmSync(path.join(next, 'about', 'index.html'))
    fs.writeFileSync(path.join(next, 'about', 'index.html'), '<h1>About, published</h1>')
    const before = holder.current
    await holder.switchTo(next)
    expect(holder.current.files.get('/contact')!.body).toBe(before.files.get('/contact')!.body)
    expect(holder.current.files.get('/contact')!.br).toBe(before.files.get('/contact')!.br)
    expect(holder.current.files.get('/about')!.body.toString()).toBe('<h1>About, published</h1>')
    // A file changed where it is (the same inode, written again) is read again.
    const again = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-linked-'))
    folders.push(again)
    linkFiles(next, null, again)
    fs.appendFileSync(path.join(again, 'contact', 'index.html'), '<p>Call us.</p>')
    await holder.switchTo(again)
    expect(holder.current.files.get('/contact')!.body.toString()).toBe('<h1>Contact Us</h1><p>Call us.</p>')
    expect(holder.current.files.get('/contact')!.etag).not.toBe(before.files.get('/contact')!.etag)
  })
})
