import escapeHtml from 'escape-html'
import { page, passkeyButton } from '../editor-pages.ts'

interface SecondFactorPageContent {
  csrfToken: string
  account: string
  /** The account has a passkey and passkeys are on. */
  passkey: boolean
  problem?: string
}

/** After the right password: the second factor, before any session starts. */
export function secondFactorPage({ csrfToken, account, passkey, problem }: SecondFactorPageContent): string {
  return page(
    'Confirm it is you',
    `<h1>Confirm it is you</h1>
<p>Password accepted for <strong>${escapeHtml(account)}</strong>.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>\n` : ''}${passkey ? `${passkeyButton('Use your passkey')}<p class="or">or</p>\n` : ''}<form method="post" action="/_editor/sign-in/second-factor">
<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}">
<label for="code">Code from your authenticator app, or a recovery code</label>
<input id="code" name="code" autocomplete="one-time-code" inputmode="text" required autocapitalize="none" spellcheck="false" maxlength="20">
<button type="submit">Continue</button>
</form>
<p class="hint">Lost your phone and your recovery codes? An admin of the site can remove your second factors.</p>`,
  )
}
