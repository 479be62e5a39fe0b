/** The pages of two builds whose HTML differs once the per-build noise is taken out, and the pages only one build has. */
import fs from 'node:fs'
import path from 'node:path'
import { normalizeHtml } from './normalize-html.ts'

export type PageStatus = 'changed' | 'added' | 'removed'
export interface PageChange {
  /** The address the page is served at: `/`, `/about`, `/404.html`. */
  route: string
  status: PageStatus
}

/** Every HTML page of a build by its address; the hashed chunks (assets/) and hidden folders (.vite/) are not pages. */
function pagesOf(dist: string): Map<string, string> {
  const pages = new Map<string, string>()
  for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
    if (file.startsWith('assets/') || file.split('/').some((part) => part.startsWith('.'))) continue
    const route = file === 'index.html' ? '/' : file.endsWith('/index.html') ? `/${file.slice(0, -'/index.html'.length)}` : `/${file}`
    pages.set(route, path.join(dist, file))
  }
  return pages
}

export function comparePages(beforeDist: string, afterDist: string): { changes: PageChange[]; compared: number } {
  const before = pagesOf(beforeDist)
  const after = pagesOf(afterDist)
  const read = (file: string) => normalizeHtml(fs.readFileSync(file, 'utf8'))
  const changes: PageChange[] = []
  for (const [route, file] of after) {
    const old = before.get(route)
    if (!old) changes.push({ route, status: 'added' })
    else if (read(old) !== read(file)) changes.push({ route, status: 'changed' })
  }
  for (const route of before.keys()) if (!after.has(route)) changes.push({ route, status: 'removed' })
  changes.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
  return { changes, compared: new Set([...before.keys(), ...after.keys()]).size }
}
