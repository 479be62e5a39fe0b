import type request from 'supertest'
import { readAccounts, writeAccounts } from '../../../server/editor-access/accounts-file.ts'
import { HOST, ORIGIN, signedIn } from './editor-access-app.ts'

export type Session = Awaited<ReturnType<typeof signedIn>>

/** What these helpers use of a test app of the production editor (production-editor-app.ts). */
interface TeamApp {
  http: ReturnType<typeof request>
  accountsFile: string
}

/** asha (an admin, the accounts file's first) and ben, made an editor, signed in: the team of the drafts' tests. */
export async function signInTeam(app: TeamApp): Promise<{ asha: Session; ben: Session }> {
  const accounts = await readAccounts(app.accountsFile)
  await writeAccounts(app.accountsFile, { ...accounts, ben: { ...accounts.ben!, role: 'editor' } })
  return { asha: await signedIn(app.http), ben: await signedIn(app.http, 'ben', 'ben has a long password') }
}

/**
 * Requests to the app as someone: a read, and a change as the editor's page sends it (the
 * session, its CSRF token and this site's Origin, or `origin`). Given as functions, since a test
 * file makes its app and signs in in beforeAll.
 */
export function requestsAs(app: () => TeamApp, byDefault: () => Session) {
  return {
    get: (address: string, who: Session = byDefault()) => app().http.get(address).set('Host', HOST).set('Cookie', who.cookie),
    post: (address: string, body: unknown = {}, who: Session = byDefault(), origin = ORIGIN) =>
      app()
        .http.post(address)
        .set('Host', HOST)
        .set('Cookie', who.cookie)
        .set('Origin', origin)
        .set('X-CSRF-Token', who.csrfToken)
        .send(body as object),
  }
}
