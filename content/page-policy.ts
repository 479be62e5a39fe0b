import crypto from 'node:crypto'
import type { PagePolicy } from '../site/built-site-files.ts'

/** Script types a browser does not run (JSON-LD, import maps aside), so CSP does not govern them. */
const DATA_SCRIPT = /type\s*=\s*["']?application\/(ld\+)?json/i

/**
 * What a built page needs from its Content-Security-Policy: a sha256 of each inline script it
 * runs (hashed exactly as the browser does, over the text between the tags) and the origins of
 * the frames it embeds.
 */
export function pagePolicyOf(html: string): PagePolicy {
  const scriptHashes = new Set<string>()
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_SCRIPT.test(attributes) || text === '') continue
    scriptHashes.add(`sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}`)
  }
  const frameHosts = new Set<string>()
  for (const [, src = ''] of html.matchAll(/<iframe\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)) {
    frameHosts.add(new URL(src.replaceAll('&amp;', '&')).origin)
  }
  return { scriptHashes: [...scriptHashes].sort(), frameHosts: [...frameHosts].sort() }
}
