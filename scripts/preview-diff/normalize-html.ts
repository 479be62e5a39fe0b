/**
 * A built page's HTML with what changes on every build taken out, so two builds of the same
 * sources compare equal and a page counts as changed only when its content or styles did.
 */

// Vite names a chunk `<name>-<8-character content hash>.<ext>`: a change anywhere in a chunk's
// imports renames the chunks above it, and with them every page's script list.
const hashedAsset = /(\/assets\/[\w.-]+?)-[\w-]{8}(\.[a-z0-9]+)\b/g

// The page's start-up scripts, which the build lists for the browser to preload: they follow from
// the blocks on the page (which the page's HTML shows anyway) and from how Rolldown split the code.
const preloadList = /for \(const href of \[[^\]]*\]\)/g
const preloadLink = /<link rel="modulepreload"[^>]*>\s*/g

// TanStack Router's dehydrated matches carry the time the prerender loaded them: `{i:"…",u:<ms>`.
const routerTimestamp = /(\{i:"(?:[^"\\]|\\.)*",u:)\d+/g

export function normalizeHtml(html: string): string {
  return html
    .replace(hashedAsset, '$1$2')
    .replace(preloadList, 'for (const href of [])')
    .replace(preloadLink, '')
    .replace(routerTimestamp, (_stamp, match: string) => `${match}0`)
}
