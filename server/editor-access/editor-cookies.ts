import type { Context } from 'koa'

/** The session: its random id. */
export const SESSION_COOKIE = 'editor_session'
/** The sign-in page's own random value, which its form's token is bound to (a signed double-submit). */
export const SIGN_IN_COOKIE = 'editor_sign_in'

export const EDITOR_PATH = '/_editor'

/**
 * Out of reach of scripts (HttpOnly), of every other site's requests (SameSite=Strict), and of
 * the public pages (Path); Secure whenever the request came over HTTPS (as the trusted proxy
 * says, TRUST_PROXY), so it never travels in clear once it has travelled encrypted. No expiry:
 * the server ends sessions itself, and the browser forgets the cookie when it closes.
 */
export function setEditorCookie(ctx: Context, name: string, value: string | null): void {
  ctx.cookies.set(name, value, { httpOnly: true, sameSite: 'strict', path: EDITOR_PATH, secure: ctx.secure, overwrite: true })
}
