/**
 * The production editor's sign-in and API over HTTP, as a browser's requests reach a running
 * server (fetch, redirects not followed, so a test sees each answer as it is).
 */
export interface EditorSession {
  account: string
  /** The Cookie header of the signed-in browser. */
  cookie: string
  csrfToken: string
}

const cookieOf = (answer: Response, name: string) =>
  answer.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0]

export function editorClient(url: string) {
  /** What a browser on the sign-in page holds: its sign-in cookie and the form's hidden token. */
  async function openSignIn() {
    const page = await fetch(`${url}/_editor/sign-in`)
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1]
    const cookie = cookieOf(page, 'editor_sign_in')
    if (!csrf || !cookie) throw new Error(`The sign-in page (${page.status}) has no form token or cookie`)
    return { cookie, csrf }
  }

  /**
   * Posts the sign-in form from the site's own page; the answer as it comes (303 signed in, 401
   * wrong, 429 to wait). `headers` go with the post (X-Forwarded-For, as a proxy the server trusts sends it).
   */
  async function postSignIn(account: string, password: string, headers: Record<string, string> = {}) {
    const form = await openSignIn()
    const answer = await fetch(`${url}/_editor/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...headers, origin: url, cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: form.csrf, next: '/_editor', account, password }),
    })
    return { answer, text: await answer.text(), session: cookieOf(answer, 'editor_session') }
  }

  async function signIn(account: string, password: string): Promise<EditorSession> {
    const { answer, session } = await postSignIn(account, password)
    if (answer.status !== 303 || !session) throw new Error(`Signing in as ${account} answered ${answer.status}`)
    const { csrfToken } = (await (await fetch(`${url}/_editor/api/session`, { headers: { cookie: session } })).json()) as { csrfToken: string }
    return { account, cookie: session, csrfToken }
  }

  /** A change as the editor's page sends it: the session, its CSRF token, this site's Origin. */
  const change = (session: EditorSession, path: string, body: unknown = {}) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: session.cookie, origin: url, 'x-csrf-token': session.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  const read = (session: EditorSession, path: string) => fetch(`${url}${path}`, { headers: { cookie: session.cookie }, redirect: 'manual' })

  return { openSignIn, postSignIn, signIn, change, read }
}
