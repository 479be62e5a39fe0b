import type { Context } from 'koa'
import { isRole, ROLES, type Role } from '../../site/editor-roles.ts'
import { parseAccountEmail } from './account-email.ts'
import { lastAdminRefusal, leavesNoAdmin, roleOf, updateAccounts, type EditorAccount, type EditorAccounts } from './accounts-file.ts'
import { SESSION_COOKIE } from './editor-cookies.ts'
import type { createEditorSessions } from './editor-sessions.ts'
import { newPasswordLink, passwordLinkPath } from './password-links.ts'
import { accountNameProblem } from './password-rules.ts'
import { readFormBody } from './read-form-body.ts'

const ACCOUNTS = '/_editor/api/accounts'
const ACTION = /^\/_editor\/api\/accounts\/([^/]+)\/([a-z-]+)$/

export interface AccountRoutesOptions {
  accountsFile: string
  accounts: () => Promise<EditorAccounts>
  sessions: ReturnType<typeof createEditorSessions>
  /** How long a link to set a password is valid (EDITOR_PASSWORD_LINK_HOURS). */
  linkHours: number
  now: () => number
}

/** What a signed-in request carries (editor-access.ts): who, and its audit line. */
interface SignedIn {
  editorSession: { account: string }
  audit: (event: string, details: Record<string, string>) => void
}
const signedIn = (ctx: Context) => ctx.state as SignedIn

/** A refusal the API answers in words: nothing was changed. */
export class AccountRefusal extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** Refuses a change that would leave no enabled admin: someone must be able to manage the accounts. */
function keepAnAdmin(accounts: EditorAccounts, name: string, after: EditorAccount | undefined) {
  if (leavesNoAdmin(accounts, name, after)) throw new AccountRefusal(409, lastAdminRefusal(name))
}

/** An address as the form sent it (none, or empty: cleared), or the refusal of a bad one. */
export function emailFrom(value: string | null): string | undefined {
  const parsed = parseAccountEmail(value ?? '')
  if ('problem' in parsed) throw new AccountRefusal(400, parsed.problem)
  return parsed.email
}

/** The account with its address set, or without one when `email` is undefined. */
export const withEmail = ({ email: _old, ...account }: EditorAccount, email: string | undefined): EditorAccount => (email ? { ...account, email } : account)

const roleFrom = (value: string | null): Role => {
  if (!isRole(value)) throw new AccountRefusal(400, `Choose the role as one of ${ROLES.join(', ')}.`)
  return value
}

/**
 * The admins' Accounts screen on the server (the role is checked before, by api-permissions.ts):
 *   GET  accounts                  → each account: role, e-mail, made, password set, disabled, its link, its sessions
 *   POST accounts/invite           account, role, email? → { account, link, expiresAt }: a one-time link (password-links.ts)
 *   POST accounts/<name>/reset     → { link, expiresAt }: the password is gone and the sessions end
 *   POST accounts/<name>/role      role
 *   POST accounts/<name>/email     email (empty: cleared): where the editor mails the account
 *   POST accounts/<name>/disable | enable | withdraw-link | sign-out
 *   POST accounts/<name>/remove    confirm=<name>
 * Bodies are form-encoded (read-form-body.ts). Every change is one update of the accounts file
 * (updateAccounts), and audited with who, whom and the request's address; never a token, and
 * never an address (the audit says one was set or cleared: the log keeps no personal data).
 */
export function accountRoutes({ accountsFile, accounts, sessions, linkHours, now }: AccountRoutesOptions) {
  const at = () => new Date(now()).toISOString()

  async function list(ctx: Context) {
    const all = await accounts()
    const you = signedIn(ctx).editorSession.account
    const rows = await Promise.all(
      Object.entries(all)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(async ([name, account]) => ({
          name,
          role: roleOf(account),
          email: account.email ?? null,
          createdAt: account.createdAt,
          passwordSet: account.password !== undefined,
          changedAt: account.changedAt,
          disabled: account.disabled === true,
          link: account.passwordLink ? { kind: account.passwordLink.kind, expiresAt: account.passwordLink.expiresAt } : null,
          sessions: await sessions.of(name, name === you ? ctx.cookies.get(SESSION_COOKIE) : undefined),
        })),
    )
    ctx.body = { you, accounts: rows }
  }

  /** One change to one account, in the file: `change` returns the account after (undefined: removed) and the audit's details. */
  async function change(name: string, changeOne: (account: EditorAccount, all: EditorAccounts) => { after: EditorAccount | undefined; details?: Record<string, string> }) {
    return updateAccounts(accountsFile, (all) => {
      if (!Object.hasOwn(all, name)) throw new AccountRefusal(404, `There is no account "${name}". Nothing was changed.`)
      const { after, details = {} } = changeOne(all[name]!, all)
      const { [name]: _before, ...others } = all
      return { accounts: Object.assign(Object.create(null) as EditorAccounts, others, after ? { [name]: after } : {}), result: details }
    })
  }

  async function invite(ctx: Context) {
    const form = await readFormBody(ctx.req)
    const name = (form.get('account') ?? '').trim().toLowerCase()
    const problem = accountNameProblem(name)
    if (problem) throw new AccountRefusal(400, problem)
    const role = roleFrom(form.get('role'))
    const email = emailFrom(form.get('email'))
    const { token, link } = newPasswordLink('invite', now(), linkHours)
    await updateAccounts(accountsFile, (all) => {
      if (Object.hasOwn(all, name)) throw new AccountRefusal(409, `The account "${name}" exists already; reset it to send its person a new link.`)
      return { accounts: { ...all, [name]: { createdAt: at(), changedAt: at(), role, passwordLink: link, ...(email ? { email } : {}) } }, result: undefined }
    })
    signedIn(ctx).audit('account-invite', { whom: name, role, expiresAt: link.expiresAt, email: email ? 'set' : 'none' })
    ctx.status = 201
    ctx.body = { account: name, link: passwordLinkPath(token), expiresAt: link.expiresAt }
  }

  const actions: Record<string, (ctx: Context, name: string, form: URLSearchParams) => Promise<Record<string, unknown> | void>> = {
    async reset(ctx, name) {
      const { token, link } = newPasswordLink('reset', now(), linkHours)
      // The password goes, and changedAt ends the sessions begun before on every instance that reads the file.
      await change(name, ({ password: _old, ...account }) => ({ after: { ...account, changedAt: at(), passwordLink: link } }))
      await sessions.endAll(name)
      signedIn(ctx).audit('account-reset', { whom: name, expiresAt: link.expiresAt })
      return { link: passwordLinkPath(token), expiresAt: link.expiresAt }
    },
    async role(ctx, name, form) {
      const role = roleFrom(form.get('role'))
      const { from } = await change(name, (account, all) => {
        const after = { ...account, role }
        keepAnAdmin(all, name, after)
        return { after, details: { from: roleOf(account) } }
      })
      signedIn(ctx).audit('account-role', { whom: name, from: from!, to: role })
    },
    async email(ctx, name, form) {
      const email = emailFrom(form.get('email'))
      await change(name, (account) => ({ after: withEmail(account, email) }))
      signedIn(ctx).audit('account-email', { whom: name, email: email ? 'set' : 'cleared' })
      return { email: email ?? null }
    },
    async disable(ctx, name) {
      if (name === signedIn(ctx).editorSession.account) throw new AccountRefusal(409, 'You cannot disable your own account; another admin can. Nothing was changed.')
      await change(name, (account, all) => {
        const after = { ...account, disabled: true }
        keepAnAdmin(all, name, after)
        return { after }
      })
      const ended = await sessions.endAll(name)
      signedIn(ctx).audit('account-disable', { whom: name, sessionsEnded: String(ended) })
    },
    async enable(ctx, name) {
      await change(name, ({ disabled: _disabled, ...account }) => ({ after: account }))
      signedIn(ctx).audit('account-enable', { whom: name })
    },
    async remove(ctx, name, form) {
      if (form.get('confirm') !== name) throw new AccountRefusal(400, `To remove "${name}", send confirm=${name}: removing an account cannot be undone. Nothing was changed.`)
      await change(name, (_account, all) => {
        keepAnAdmin(all, name, undefined)
        return { after: undefined }
      })
      const ended = await sessions.endAll(name)
      signedIn(ctx).audit('account-remove', { whom: name, sessionsEnded: String(ended) })
    },
    async 'withdraw-link'(ctx, name) {
      await change(name, ({ passwordLink: _link, ...account }) => ({ after: account }))
      signedIn(ctx).audit('account-link-withdrawn', { whom: name })
    },
    async 'sign-out'(ctx, name) {
      if (!Object.hasOwn(await accounts(), name)) throw new AccountRefusal(404, `There is no account "${name}".`)
      const ended = await sessions.endAll(name)
      signedIn(ctx).audit('account-sign-out-everywhere', { whom: name, sessionsEnded: String(ended) })
      return { sessionsEnded: ended }
    },
  }

  /** Answers a request of the Accounts screen; false for any other address. */
  return async function accountApi(ctx: Context): Promise<boolean> {
    if (!ctx.path.startsWith(ACCOUNTS)) return false
    try {
      if (ctx.path === ACCOUNTS) await list(ctx)
      else if (ctx.path === `${ACCOUNTS}/invite`) await invite(ctx)
      else {
        const [, name = '', action = ''] = ACTION.exec(ctx.path) ?? []
        const run = Object.hasOwn(actions, action) ? actions[action] : undefined
        if (!run) return false
        const problem = accountNameProblem(name)
        if (problem) throw new AccountRefusal(400, problem)
        const form = await readFormBody(ctx.req)
        ctx.body = { account: name, ...((await run(ctx, name, form)) ?? {}) }
      }
    } catch (error) {
      if (!(error instanceof AccountRefusal)) throw error
      ctx.status = error.status
      ctx.body = { error: 'refused', message: error.message }
    }
    return true
  }
}
