import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_PERMISSIONS, type ApiPermission } from '../../editor/api-permissions.ts'
import { createAuditFileTrail } from '../../server/editor-access/audit-file-trail.ts'
import { roleAllows, ROLES, type Role } from '../../site/editor-roles.ts'
import { accountsFileWith, asSignedInEditor, auditLines, HOST, signedIn } from './support/editor-access-app.ts'
import { builtEditorStandIn, productionEditorApp } from './support/production-editor-app.ts'

/** One account per role, and `zed`, whom the admin routes are tried on. */
const PASSWORDS = { ed: 'ed has a long password', pub: 'pub has a long password', adm: 'adm has a long password', zed: 'zed has a long password' }
const ACCOUNT_OF: Record<Role, keyof typeof PASSWORDS> = { editor: 'ed', publisher: 'pub', admin: 'adm' }
const ROLE_OF = { ed: 'editor', pub: 'publisher', adm: 'admin', zed: 'editor' } as const

let builtDir: string
beforeAll(() => {
  builtDir = builtEditorStandIn()
})

async function appWithRoles() {
  const accountsFile = await accountsFileWith(PASSWORDS, ROLE_OF)
  // With the audit trail kept, as main.ts wires it: its routes answer.
  const auditTrail = createAuditFileTrail(fs.mkdtempSync(path.join(os.tmpdir(), 'permissions-audit-')))
  const editor = await productionEditorApp(builtDir, { accountsFile, auditTrail })
  return { ...editor, accountsFile }
}

type App = Awaited<ReturnType<typeof appWithRoles>>

/** What a refused request must leave as it was: the published versions, the config, the pictures, the accounts, the drafts, the audit. */
async function written(app: App) {
  const audit = auditLines(app.entries).filter((line) => !['sign-in', 'sign-in-failed'].includes(String(line.event)))
  return {
    drafts: JSON.stringify(await Promise.all((await app.drafts.list()).map((draft) => app.drafts.get(draft.id)))),
    published: app.publisher.published.length,
    config: fs.readFileSync(app.configFile, 'utf8'),
    pictures: [...app.media.changes],
    images: fs.readdirSync(path.join(app.publicDir, 'images'), { recursive: true }).sort(),
    accounts: fs.readFileSync(app.accountsFile, 'utf8'),
    audit: audit.length,
  }
}

/** The row's address with a real version, account or draft in place of `:id`. */
const addressOf = (row: ApiPermission, draft: string) =>
  `/_editor/api/${row.route.replace(':id', row.route.startsWith('accounts/') ? 'zed' : row.route.startsWith('drafts/') ? draft : 'v1')}`

/** The request a browser of this role sends for the row: signed in, from the site's page, with the token; a POST with a small JSON body. */
function send(app: App, row: ApiPermission, session: { cookie: string; csrfToken: string }, draft: string) {
  if (row.method === 'GET') return app.http.get(addressOf(row, draft)).set('Host', HOST).set('Cookie', session.cookie)
  return asSignedInEditor(app.http.post(addressOf(row, draft)), session)
    .type('json')
    .send({})
}

describe('the table of roles', () => {
  it('asks a publisher to publish, roll back, restore, delete pictures, schedule and send a draft back, an admin to manage accounts, and an editor for the rest', () => {
    const publisherOnly = [
      'POST save',
      'POST versions/:id/rollback',
      'POST versions/:id/restore-page',
      'POST media/delete',
      'POST drafts/:id/publish',
      'POST drafts/:id/schedule',
      'POST drafts/:id/unschedule',
      'POST drafts/:id/send-back',
    ]
    const adminOnly = ['POST sign-in-security/policy', 'POST sign-in-security/remove-factors']
    for (const row of API_PERMISSIONS) {
      const name = `${row.method} ${row.route}`
      const admins = adminOnly.includes(name) || row.route.startsWith('accounts') || row.route.startsWith('audit')
      const expected = publisherOnly.includes(name) ? 'publisher' : admins ? 'admin' : 'editor'
      expect(row.role, name).toBe(expected)
    }
  })
})

describe('the table of roles, walked row by row with each role', () => {
  it.each(API_PERMISSIONS.map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s: 403 and nothing written below its role; through the check from it',
    async (_name, row) => {
      const app = await appWithRoles()
      const sessions = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await signedIn(app.http, ACCOUNT_OF[role], PASSWORDS[ACCOUNT_OF[role]])])))
      /** A draft the editor started, anew for each role: a publish or a delete used up the one before (an editor may delete only their own). */
      const startDraft = async () => {
        const started = await asSignedInEditor(app.http.post('/_editor/api/drafts'), sessions.editor).type('json').send({ name: 'Walked' })
        return (started.body as { draft: { id: string } }).draft.id
      }
      // Lowest role first: a refused try must leave nothing for an allowed one to find.
      for (const role of ROLES) {
        const draft = row.route.startsWith('drafts/') ? await startDraft() : ''
        const before = await written(app)
        const answer = await send(app, row, sessions[role], draft)
        if (roleAllows(role, row.role)) {
          expect(answer.body?.error, `${role} on ${row.method} ${row.route}: ${answer.status} ${answer.text}`).not.toBe('role')
          expect(answer.body?.error).not.toBe('no_route')
          // Reached its handler: a 404 only in the handler's own words (a feature left off, an account it does not know), never Koa's bare one.
          expect(answer.status === 404 && !answer.body?.message, `${role} on ${row.method} ${row.route}: ${answer.status} ${answer.text}`).toBe(false)
        } else {
          expect(answer.status, `${role} on ${row.method} ${row.route}`).toBe(403)
          expect(answer.body).toMatchObject({ error: 'role', message: expect.stringContaining(`Your account is`) })
          expect(answer.body.message).toContain(row.what)
          expect(await written(app)).toEqual(before)
        }
      }
    },
  )

  it('refuses an address the table does not list, whatever the role, and names the method a listed address takes', async () => {
    const app = await appWithRoles()
    const admin = await signedIn(app.http, 'adm', PASSWORDS.adm)
    const unknown = await app.http.get('/_editor/api/not-a-route').set('Host', HOST).set('Cookie', admin.cookie)
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe('no_route')
    // The editor's API would answer this one itself; unlisted, it never gets to.
    const hostile = await asSignedInEditor(app.http.post('/_editor/api/accounts/..%2f..%2fetc/remove'), admin).type('form').send({ confirm: 'x' })
    expect(hostile.status).toBe(404)
    const wrongMethod = await asSignedInEditor(app.http.post('/_editor/api/document'), admin).type('json').send({})
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.allow).toBe('GET')
  })
})

describe('a developer’s setting', () => {
  const changedForms = (config: Record<string, unknown>, change: (forms: Record<string, Record<string, unknown>>) => void) => {
    const copy = structuredClone(config) as { forms: Record<string, Record<string, unknown>> }
    change(copy.forms)
    return copy
  }

  it('is changed by an admin only: a publisher’s save touching one is refused, naming it, and publishes nothing', async () => {
    const app = await appWithRoles()
    const publisher = await signedIn(app.http, 'pub', PASSWORDS.pub)
    const loaded = (await app.http.get('/_editor/api/document').set('Host', HOST).set('Cookie', publisher.cookie)).body as { version: string; config: Record<string, unknown> }
    const before = await written(app)
    const touched = changedForms(loaded.config, (forms) => {
      ;(forms.quote!.payload as Record<string, string>).service = 'Something else'
    })
    const refused = await asSignedInEditor(app.http.post('/_editor/api/save'), publisher).type('json').send({ version: loaded.version, config: touched })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toContain('only admins may change the settings only a developer changes (/forms/quote/payload)')
    expect(await written(app)).toEqual(before)

    // A change the editor's screens offer goes through for the publisher.
    const words = changedForms(loaded.config, (forms) => {
      forms.quote!.submitLabel = 'Ask for a quote now'
    })
    const published = await asSignedInEditor(app.http.post('/_editor/api/save'), publisher).type('json').send({ version: loaded.version, config: words })
    expect(published.status, published.text).toBe(200)

    const admin = await signedIn(app.http, 'adm', PASSWORDS.adm)
    const current = (await app.http.get('/_editor/api/document').set('Host', HOST).set('Cookie', admin.cookie)).body as { version: string; config: Record<string, unknown> }
    const byAdmin = changedForms(current.config, (forms) => {
      ;(forms.quote!.payload as Record<string, string>).service = 'Something else'
    })
    const saved = await asSignedInEditor(app.http.post('/_editor/api/save'), admin).type('json').send({ version: current.version, config: byAdmin })
    expect(saved.status, saved.text).toBe(200)
  })
})
