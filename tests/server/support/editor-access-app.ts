import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type Koa from 'koa'
import request from 'supertest'
import { createApp } from '../../../server/compose/app.ts'
import type { AccessStore } from '../../../server/editor-access/access-store.ts'
import { writeAccounts } from '../../../server/editor-access/accounts-file.ts'
import { editorAccess, type EditorAccess } from '../../../server/editor-access/editor-access.ts'
import { hashPassword, type ScryptCost } from '../../../server/editor-access/password-hash.ts'
import { createFailureFileStore, type FailureFileStore } from '../../../server/editor-access/failure-file-store.ts'
import type { FailureStore } from '../../../server/editor-access/failure-store.ts'
import type { FactorStore } from '../../../server/editor-access/second-factors/factor-store.ts'
import type { SecondFactorSettings } from '../../../server/editor-access/editor-access.ts'
import { memoryLog } from '../../../ground/log.ts'
import type { Role } from '../../../site/editor-roles.ts'
import { makeTinyDist } from './tiny-site.ts'

/** Cheap enough for many sign-ins in a test; the stored cost is what a check uses, so the code path is the real one. */
export const TEST_SCRYPT_COST: ScryptCost = { N: 1024, r: 8, p: 1 }
export const HOST = 'site.example'
export const ORIGIN = `http://${HOST}`
export const PASSWORD = 'correct horse battery staple'
export const MINUTE = 60_000
/** EDITOR_PASSWORD_LINK_HOURS as the tests set it: its default. */
export const PASSWORD_LINK_HOURS = 72

/** Accounts file with `asha` (PASSWORD) and `ben` (another password); with `roles`, those accounts have them (the others none: admins). */
export async function accountsFileWith(accounts: Record<string, string> = { asha: PASSWORD, ben: 'ben has a long password' }, roles: Record<string, Role> = {}): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'editor-accounts-')), 'accounts.json')
  const at = new Date(Date.now() - MINUTE).toISOString()
  const entries = await Promise.all(
    Object.entries(accounts).map(async ([name, password]) => [
      name,
      { password: await hashPassword(password, TEST_SCRYPT_COST), createdAt: at, changedAt: at, ...(roles[name] ? { role: roles[name] } : {}) },
    ]),
  )
  await writeAccounts(file, Object.fromEntries(entries))
  return file
}

export interface EditorTestApp {
  app: Koa
  access: EditorAccess
  http: ReturnType<typeof request>
  /** Moves the access layer's clock. */
  advance(ms: number): void
  entries: ReturnType<typeof memoryLog>['entries']
  lines: string[]
  accountsFile: string
  /** The failed sign-ins, when they are kept in a file (`failuresFile`, or in memory when neither it nor `failures` is given). */
  failureFile?: FailureFileStore
}

interface EditorTestAppOptions {
  accountsFile?: string
  store?: AccessStore
  /** Failed sign-ins in this store (Redis) … */
  failures?: FailureStore
  /** … or in this file, on the app's clock, as a server without Redis keeps them. */
  failuresFile?: string
  trustProxy?: number
  idleMs?: number
  maxMs?: number
  secondFactors?: SecondFactorSettings
  /** Passkey challenges, half-finished sign-ins and used codes in this store (Redis); in this process otherwise. */
  factorStore?: FactorStore
}

export async function editorTestApp(options: EditorTestAppOptions = {}): Promise<EditorTestApp> {
  const { log, entries, lines } = memoryLog('info')
  let now = Date.now()
  const accountsFile = options.accountsFile ?? (await accountsFileWith())
  const failureFile = options.failures ? undefined : createFailureFileStore({ now: () => now, log, ...(options.failuresFile ? { file: options.failuresFile } : {}) })
  const access = editorAccess({
    log,
    accountsFile,
    sessionTimes: { idleMs: options.idleMs ?? 30 * MINUTE, maxMs: options.maxMs ?? 12 * 60 * MINUTE },
    passwordLinkHours: PASSWORD_LINK_HOURS,
    scryptCost: TEST_SCRYPT_COST,
    now: () => now,
    ...(options.store ? { store: options.store } : {}),
    failures: options.failures ?? failureFile,
    ...(options.secondFactors ? { secondFactors: options.secondFactors } : {}),
    ...(options.factorStore ? { factorStore: options.factorStore } : {}),
  })
  const app = createApp({ log, distDir: makeTinyDist(), editor: access, trustProxy: options.trustProxy ?? 0 })
  return { app, access, http: request(app.callback()), advance: (ms) => (now += ms), entries, lines, accountsFile, ...(failureFile ? { failureFile } : {}) }
}

/** The value of a cookie the answer sets (undefined when it sets none; '' when it clears it). */
export function cookieSet(response: request.Response, name: string): string | undefined {
  const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${name}=`))
  return header === undefined ? undefined : header.slice(name.length + 1).split(';')[0]
}

export function setCookieLine(response: request.Response, name: string): string | undefined {
  return ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${name}=`))
}

/** The hidden CSRF field of a page's form. */
const csrfFieldOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1]

/** What a browser on the sign-in page holds: its sign-in cookie and the form's token. */
export async function openSignInPage(http: EditorTestApp['http'], headers: Record<string, string> = {}) {
  const page = await http.get('/_editor/sign-in').set('Host', HOST).set(headers)
  return { cookie: `editor_sign_in=${cookieSet(page, 'editor_sign_in')}`, csrf: csrfFieldOf(page.text)!, page }
}

/** Posts the sign-in form as the browser would, from the site's own page. */
export async function postSignIn(
  http: EditorTestApp['http'],
  fields: { account: string; password: string; next?: string },
  { headers = {}, from }: { headers?: Record<string, string>; from?: Awaited<ReturnType<typeof openSignInPage>> } = {},
) {
  const form = from ?? (await openSignInPage(http, headers))
  return http
    .post('/_editor/sign-in')
    .set('Host', HOST)
    .set('Origin', ORIGIN)
    .set('Cookie', form.cookie)
    .set(headers)
    .type('form')
    .send({ csrf: form.csrf, next: fields.next ?? '/_editor', account: fields.account, password: fields.password })
}

/** Signs in and returns the session cookie header and the session's CSRF token. */
export async function signedIn(http: EditorTestApp['http'], account = 'asha', password = PASSWORD) {
  const answer = await postSignIn(http, { account, password })
  if (answer.status !== 303) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`)
  const cookie = `editor_session=${cookieSet(answer, 'editor_session')}`
  const session = await http.get('/_editor/api/session').set('Host', HOST).set('Cookie', cookie)
  return { cookie, csrfToken: (session.body as { csrfToken: string }).csrfToken, answer }
}

/** A change as the signed-in editor's own page sends it: the session's cookie, the site's origin and the CSRF token. */
export const asSignedInEditor = (sent: request.Test, { cookie, csrfToken }: { cookie: string; csrfToken: string }) =>
  sent.set('Host', HOST).set('Cookie', cookie).set('Origin', ORIGIN).set('X-CSRF-Token', csrfToken)

export const auditLines = (entries: EditorTestApp['entries']) => entries().filter((entry) => entry.audit === 'editor')

export const BEN_PASSWORD = 'ben has a long password'

/** The accounts screens' team: asha an admin (an account made before roles), ben an editor. */
export async function teamApp(): Promise<EditorTestApp> {
  return editorTestApp({ accountsFile: await accountsFileWith({ asha: PASSWORD, ben: BEN_PASSWORD }, { ben: 'editor' }) })
}

/** A form posted to the editor's API (`/_editor/api/<address>`) as the signed-in `session`'s page sends it. */
export const postForm = (app: EditorTestApp, session: { cookie: string; csrfToken: string }, address: string, fields: Record<string, string> = {}) =>
  asSignedInEditor(app.http.post(`/_editor/api/${address}`), session)
    .type('form')
    .send(fields)
