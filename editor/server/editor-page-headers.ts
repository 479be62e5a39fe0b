/**
 * The headers of the built editor's answers on the production server, set over the site's own
 * (server/http/security-headers.ts keeps an answer's `ownHeaders`, as it does the sign-in pages').
 */

/** The editor's pages: scripts only from /_editor/assets (no inline script in the built pages), talking only to this server. */
const pagePolicy = ({ frames, framedBy }: { frames: string; framedBy: string }) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    // Mantine writes CSS variables into style attributes and injects <style> elements at run
    // time (its theme and colour scheme), which no hash can cover; styles run no code, so
    // 'unsafe-inline' is allowed for styles only, as on the site's own pages.
    "style-src 'self' 'unsafe-inline'",
    // Picture previews of uploads are read from the chosen file (blob:), small icons are data: URLs.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames}`,
    `frame-ancestors ${framedBy}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ')

const COMMON = {
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/** The editor page: frames its preview (this server), and is framed by no one. */
export const EDITOR_PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON,
  'Content-Security-Policy': pagePolicy({ frames: "'self'", framedBy: "'none'" }),
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
}

/**
 * The preview page, framed by the editor page only. It shows the site's pages as they will be
 * published, a map block's embed included: that is the author's https address of a maps service,
 * whatever host they chose, framed cross-origin (it can reach neither the preview nor the editor).
 */
export const PREVIEW_PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON,
  'Content-Security-Policy': pagePolicy({ frames: "'self' https:", framedBy: "'self'" }),
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'SAMEORIGIN',
}

/**
 * A picture of the library, answered to the editor's pages only (media/library-pictures.ts): kept
 * by the browser only and checked again each time, shown by this site's pages only; opened on
 * its own, an SVG runs nothing and loads nothing (sandbox, no source allowed).
 */
export const PICTURE_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON,
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Cache-Control': 'private, no-cache',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
}

/**
 * A hashed asset (its name changes with its content): kept for a year, by the browser only
 * ("private"), since it is answered behind the sign-in. It runs nothing of its own as a document.
 */
export const ASSET_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Cache-Control': 'private, max-age=31536000, immutable',
  'X-Frame-Options': 'DENY',
}
