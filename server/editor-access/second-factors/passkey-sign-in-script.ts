import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * The only scripts of the sign-in pages: @simplewebauthn/browser's own bundle (its global
 * SimpleWebAuthnBrowser), and the few lines below that ask the server for a challenge, let the
 * browser sign it, and send the answer back. Plain script, so the pages need no build step.
 */
export const PASSKEY_SCRIPT = `(() => {
  const { startAuthentication, browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } = SimpleWebAuthnBrowser
  const button = document.getElementById('passkey')
  const problem = document.getElementById('passkey-problem')
  const token = document.querySelector('input[name="csrf"]').value
  const next = document.querySelector('input[name="next"]')?.value ?? ''
  const show = (message) => { problem.textContent = message; problem.hidden = false }
  async function signIn(autofill) {
    const asked = await fetch('/_editor/sign-in/passkey-options', { method: 'POST', headers: { 'X-CSRF-Token': token } })
    if (!asked.ok) return show((await asked.json()).message)
    const response = await startAuthentication({ optionsJSON: await asked.json(), useBrowserAutofill: autofill })
    const answer = await fetch('/_editor/sign-in/passkey', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token }, body: JSON.stringify({ response, next }) })
    const body = await answer.json()
    if (answer.ok) location.assign(body.next)
    else show(body.message)
  }
  if (!browserSupportsWebAuthn()) return
  button.hidden = false
  button.addEventListener('click', () => signIn(false).catch((error) => { if (error.name !== 'AbortError') show('The passkey was not used: ' + error.message) }))
  if (document.getElementById('account')) browserSupportsWebAuthnAutofill().then((yes) => yes && signIn(true).catch(() => undefined))
})()
`

let bundle: Buffer | undefined
/** The library's browser bundle, read once from the installed package (a production dependency). */
export function webauthnBrowserBundle(): Buffer {
  const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser')
  bundle ??= readFileSync(path.join(path.dirname(path.dirname(entry)), 'dist', 'bundle', 'index.umd.min.js'))
  return bundle
}
