import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { builtSiteFiles } from '../../../site/built-site-files.ts'
import { shippedForms } from '../../helpers/shipped-forms.ts'

/** A tiny built site on disk, shaped like the output of `npm run build` (pages, 404, one asset, this company's forms, route table). */
export function makeTinyDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'))
  const write = (file: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), body)
    fs.writeFileSync(path.join(dir, file + '.br'), zlib.brotliCompressSync(body))
    fs.writeFileSync(path.join(dir, file + '.gz'), zlib.gzipSync(body))
  }
  write('index.html', '<h1>Home</h1>')
  write('about/index.html', '<h1>About</h1>')
  write('contact/index.html', '<h1>Contact Us</h1>')
  write('managed_services_solutions/index.html', '<h1>Managed Services</h1>')
  write('404.html', '<h1>Page Not Found</h1>')
  write('assets/index-AbC123.js', 'console.log("app")')
  write('page-data/page-about.js', 'export default JSON.parse(\'{"title":"About"}\')')
  fs.writeFileSync(path.join(dir, builtSiteFiles.forms), JSON.stringify(shippedForms))
  fs.writeFileSync(
    path.join(dir, '.site-routes.json'),
    JSON.stringify([
      { path: '/', aliases: [] },
      { path: '/about', aliases: [] },
      { path: '/contact', aliases: ['/Contact'] },
      { path: '/managed_services_solutions', aliases: ['/Managed_services_solutions'] },
    ]),
  )
  return dir
}

/** A stand-in for the content build: each route of `config` a page holding its title (`<title>`) and the words of its blocks, with the route table. */
export function tinyBuild(config: { routes: Array<{ path: string; title?: string; blocks?: unknown[] }> }, outDir: string): void {
  const escape = (text: string) => text.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`)
  for (const route of config.routes) {
    const file = path.join(outDir, route.path === '/' ? '' : route.path, 'index.html')
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(
      file,
      `<!doctype html><html><head><title>${escape(route.title ?? '')}</title></head><body><main>${escape(JSON.stringify(route.blocks ?? []))}</main></body></html>`,
    )
  }
  fs.writeFileSync(path.join(outDir, '404.html'), '<h1>Page Not Found</h1>')
  fs.writeFileSync(path.join(outDir, '.site-routes.json'), JSON.stringify(config.routes.map((route) => ({ path: route.path, aliases: [] }))))
}
