import type { Middleware } from 'koa'
import type { PagePolicy } from '../../site/built-site-files.ts'

export interface SecurityOptions {
  /** Send Strict-Transport-Security (HSTS=1): only where the site is served over HTTPS. */
  hsts: boolean
}

/** Nothing may run, load or frame: for JSON answers, assets and anything that is not a page. */
const LOCKED: PagePolicy | undefined = undefined

function contentSecurityPolicy(page: PagePolicy | undefined): string {
  if (!page) return "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
  return [
    "default-src 'self'",
    // Scripts: our files and the page's own inline start-up script, by hash; never 'unsafe-inline'.
    `script-src 'self' ${page.scriptHashes.map((hash) => `'${hash}'`).join(' ')}`.trim(),
    // Mantine sets CSS variables in style attributes and injects <style> tags at run time, which
    // hashes cannot cover (style attributes would need 'unsafe-hashes' per value, and the values
    // change with the viewport); styles cannot run code, so 'unsafe-inline' stays for styles only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${page.frameHosts.length ? page.frameHosts.join(' ') : "'none'"}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/** Every header of the set, for the server and for the generated nginx configuration alike. */
export function securityHeadersFor(page: PagePolicy | undefined, { hsts }: SecurityOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(page),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    ...(hsts ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

/**
 * Sets the headers on every answer once the rest of the pipeline has run, so a page answer gets
 * its own policy (serveSite puts it in ctx.state.pagePolicy) and everything else the locked one.
 */
export function securityHeaders(options: SecurityOptions): Middleware {
  // Built once per page policy, not per request: the pages' policies live as long as the server.
  const locked = securityHeadersFor(LOCKED, options)
  const perPage = new WeakMap<PagePolicy, Record<string, string>>()
  const headersOf = (page: PagePolicy | undefined) => {
    if (!page) return locked
    let headers = perPage.get(page)
    if (!headers) perPage.set(page, (headers = securityHeadersFor(page, options)))
    return headers
  }
  return async (ctx, next) => {
    try {
      await next()
    } finally {
      const state = ctx.state as { pagePolicy?: PagePolicy; developmentPage?: boolean; ownHeaders?: Readonly<Record<string, string>> }
      ctx.set(headersOf(state.pagePolicy))
      // An answer with a policy of its own (the editor's sign-in pages) keeps it over the set.
      if (state.ownHeaders) ctx.set({ ...state.ownHeaders })
      // `npm run dev` only: Vite's page runs inline scripts (React refresh) that change with every
      // save, so it goes without a policy; every built page carries its hashed one. The visual
      // editor frames its preview, a page of the same dev server.
      if (state.developmentPage) {
        ctx.remove('Content-Security-Policy')
        ctx.set('X-Frame-Options', 'SAMEORIGIN')
      }
    }
  }
}
