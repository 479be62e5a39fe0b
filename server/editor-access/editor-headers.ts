import { STYLE_HASH } from './editor-pages.ts'

/**
 * The headers of every answer under /_editor, set over the site's own (security-headers.ts keeps
 * an answer's `ownHeaders`). The pages run no script and load nothing; they post only to
 * themselves and are framed by no one. Nothing is cached: a page shows who is signed in and a token.
 */
export const EDITOR_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': `default-src 'none'; style-src '${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  'Cache-Control': 'no-store',
  // `same-origin`, not `no-referrer`: nothing leaves for another site either way, but under
  // no-referrer a browser sends `Origin: null` with a form's POST, and the sign-in's origin check
  // must see the real one.
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
}

/** The sign-in pages that offer passkeys: the same, with this site's own scripts (the passkey's) and requests to itself. */
export const SIGN_IN_PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...EDITOR_HEADERS,
  'Content-Security-Policy': `default-src 'none'; script-src 'self'; connect-src 'self'; style-src '${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
}
