import { createHash } from 'node:crypto'
import escapeHtml from 'escape-html'

/**
 * The access layer's pages, written on the server as plain HTML: no script at all, one style
 * sheet allowed by its hash. Every value put in is escaped.
 */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f6f8;color:#1a1f36}
main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002;width:min(22rem,90vw)}
h1{font-size:1.4rem;margin:0 0 1rem}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #8a94a6;border-radius:4px}
button{margin-top:1.25rem;padding:.55rem 1.2rem;font:inherit;border:0;border-radius:4px;background:#1f4fd1;color:#fff;cursor:pointer}
.problem{background:#fdecea;color:#8a1c13;padding:.5rem .75rem;border-radius:4px}
.passkey{display:block;width:100%;margin:0 0 1rem}[hidden]{display:none}.or{text-align:center;color:#5a6478;margin:0}.hint{color:#5a6478;font-size:.9rem}`

/** The hash the pages' Content-Security-Policy names, so the style applies and nothing else inline does. */
export const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`

export const page = (title: string, body: string, head = '') =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${head}<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`

export interface SignInPageContent {
  csrfToken: string
  /** Where to go once signed in: a path of the editor, already checked. */
  next: string
  problem?: string
  account?: string
  /** Passkeys are on (EDITOR_ORIGIN set): the page offers them first, and the browser may suggest one in the name field. */
  passkeys?: boolean
}

/**
 * The passkey button and its scripts, the button shown only once the script finds the browser can
 * use passkeys. Deferred: they stand above the form, whose token they read once the page is parsed.
 */
export const passkeyButton = (label: string) =>
  `<button type="button" id="passkey" class="passkey" hidden>${escapeHtml(label)}</button>
<p id="passkey-problem" class="problem" role="alert" hidden></p>
<script src="/_editor/sign-in/webauthn.js" defer></script>
<script src="/_editor/sign-in/passkey.js" defer></script>
`

export function signInPage({ csrfToken, next, problem, account = '', passkeys = false }: SignInPageContent): string {
  return page(
    'Sign in to the editor',
    `<h1>Sign in to the editor</h1>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>\n` : ''}${passkeys ? `${passkeyButton('Sign in with a passkey (recommended)')}<p class="or">or with your password</p>\n` : ''}<form method="post" action="/_editor/sign-in">
<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<label for="account">Account name</label>
<input id="account" name="account" autocomplete="${passkeys ? 'username webauthn' : 'username'}" required autocapitalize="none" spellcheck="false" value="${escapeHtml(account)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  )
}

/** What /_editor shows until the editor itself is mounted there: who is signed in, and the way out. */
export function signedInPage({ account, csrfToken }: { account: string; csrfToken: string }): string {
  return page(
    'Editor',
    `<h1>Editor</h1>
<p>Signed in as <strong>${escapeHtml(account)}</strong>.</p>
<form method="post" action="/_editor/sign-out">
<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}">
<button type="submit">Sign out</button>
</form>`,
    `<meta name="csrf-token" content="${escapeHtml(csrfToken)}">\n`,
  )
}

export interface SetPasswordPageContent {
  csrfToken: string
  /** The link's token: the form sends it back in its body, never in an address. */
  token: string
  account: string
  kind: 'invite' | 'reset'
  problem?: string
}

/** The page a one-time link opens: the account it is for, and its new password twice. */
export function setPasswordPage({ csrfToken, token, account, kind, problem }: SetPasswordPageContent): string {
  const title = kind === 'invite' ? 'Welcome to the editor' : 'Set a new password'
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>Choose the password of the account <strong>${escapeHtml(account)}</strong>: at least 12 characters (a few unrelated words make a good one). You are signed in once it is set.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>\n` : ''}<form method="post" action="/_editor/set-password">
<input type="hidden" name="csrf" value="${escapeHtml(csrfToken)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<input type="hidden" name="account" autocomplete="username" value="${escapeHtml(account)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="12">
<label for="confirm">The same password again</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="12">
<button type="submit">Set the password and sign in</button>
</form>`,
  )
}

/** A link that cannot set a password (expired, used, withdrawn), said plainly, with the way on. */
export function linkRefusedPage(problem: string): string {
  return page(
    'This link does not work',
    `<h1>This link does not work</h1>\n<p class="problem" role="alert">${escapeHtml(problem)}</p>\n<p><a href="/_editor/sign-in">Sign in</a> if you have a password already.</p>`,
  )
}
