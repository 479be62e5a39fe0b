import { isRole, ROLES, type Role } from '../../site/editor-roles.ts'
import { parseAccountEmail } from './account-email.ts'
import { assertPrivate, lastAdminRefusal, leavesNoAdmin, readAccounts, roleOf, updateAccounts, type EditorAccount, type EditorAccounts } from './accounts-file.ts'
import { DEFAULT_SCRYPT_COST, hashPassword, type PasswordHash, type ScryptCost } from './password-hash.ts'
import { newPasswordLink, passwordLinkPath } from './password-links.ts'
import { accountNameProblem, passwordProblem } from './password-rules.ts'

/** What a command says and its exit code: 0 done, 1 refused (a reason given), 2 not understood. */
export interface CommandResult {
  code: 0 | 1 | 2
  out: string[]
  err: string[]
}

const done = (...out: string[]): CommandResult => ({ code: 0, out, err: [] })
const refused = (...err: string[]): CommandResult => ({ code: 1, out: [], err })
const ROLE_CHOICE = ROLES.join('|')
const USAGE = `Usage: npm run editor:user -- add <name> [--role ${ROLE_CHOICE}] [--email <address>] | invite <name> [--role ${ROLE_CHOICE}] [--email <address>] | role <name> <${ROLE_CHOICE}> | email <name> <address>|--clear | disable <name> | enable <name> | reset <name> | remove-factors <name> | remove <name> | list`

export interface AccountCommandOptions {
  file: string
  /** Asked only once the command is known to need it (add, reset). */
  newPassword: (account: string) => Promise<{ password: string } | { problem: string }>
  /** EDITOR_PASSWORD_LINK_HOURS: how long an invitation's link is valid. */
  passwordLinkHours: number
  now?: () => Date
  scryptCost?: ScryptCost
}

interface ParsedCommand {
  command: string
  name: string
  role?: string
  /** As typed; '' clears it (`email <name> --clear`). */
  email?: string
}

/** `--role <role>` and `--email <address>` after a new account's name, each at most once, in either order. */
function newAccountOptions(rest: string[]): Pick<ParsedCommand, 'role' | 'email'> | undefined {
  const options: Record<string, string> = {}
  for (let at = 0; at < rest.length; at += 2) {
    const [flag = '', value] = [rest[at], rest[at + 1]]
    if (!['--role', '--email'].includes(flag) || value === undefined || Object.hasOwn(options, flag)) return undefined
    options[flag] = value
  }
  return { ...(options['--role'] !== undefined ? { role: options['--role'] } : {}), ...(options['--email'] !== undefined ? { email: options['--email'] } : {}) }
}

/** The command, its account and what it sets as typed: options after the name, or the role or address itself for `role` and `email`. */
function parse(args: string[]): ParsedCommand | undefined {
  const [command = '', name, ...rest] = args
  if (command === 'list') return name === undefined ? { command, name: '' } : undefined
  if (name === undefined) return undefined
  if (command === 'role') return rest.length === 1 ? { command, name, role: rest[0]! } : undefined
  if (command === 'email') return rest.length === 1 ? { command, name, email: rest[0] === '--clear' ? '' : rest[0]! } : undefined
  if (command === 'add' || command === 'invite') {
    const options = newAccountOptions(rest)
    return options && { command, name, ...options }
  }
  return ['remove', 'reset', 'disable', 'enable', 'remove-factors'].includes(command) && rest.length === 0 ? { command, name } : undefined
}

/** What `list` shows of an account: never a hash, never a token. */
function describe(name: string, account: EditorAccount): string {
  const password = account.password ? `password set ${account.changedAt}` : 'no password yet'
  const link = account.passwordLink ? `  ${account.passwordLink.kind} link until ${account.passwordLink.expiresAt}` : ''
  const mail = account.email ? `  mail to ${account.email}` : ''
  return `${name}  ${roleOf(account)}${account.disabled ? '  DISABLED' : ''}  made ${account.createdAt}  ${password}${link}${mail}`
}

/**
 * The editor accounts' command: the file is refused when others may read it (it holds the
 * hashes), changed only as a whole through updateAccounts (as the Accounts screen changes it), and
 * never shows a hash or a token's hash. The first account made is an admin, so someone can manage
 * the others from the browser; later ones are editors unless `--role` says otherwise.
 */
export async function runAccountCommand(args: string[], options: AccountCommandOptions): Promise<CommandResult> {
  const parsed = parse(args)
  if (!parsed) return { code: 2, out: [], err: [USAGE] }
  if (parsed.role !== undefined && !isRole(parsed.role)) return { code: 2, out: [], err: [`The role is one of ${ROLES.join(', ')}.`, USAGE] }
  await assertPrivate(options.file)
  const now = options.now ?? (() => new Date())
  const { command } = parsed

  if (command === 'list') {
    const accounts = await readAccounts(options.file)
    const names = Object.keys(accounts).sort()
    if (names.length === 0) return done(`No editor accounts yet. \`npm run editor:user -- add <name>\` makes one.`)
    return done(...names.map((account) => describe(account, accounts[account]!)))
  }
  const account = parsed.name.trim().toLowerCase()
  const nameProblem = accountNameProblem(account)
  if (nameProblem) return refused(nameProblem)
  const role = parsed.role as Role | undefined
  const typedEmail = parsed.email === undefined ? undefined : parseAccountEmail(parsed.email)
  if (typedEmail && 'problem' in typedEmail) return refused(typedEmail.problem)
  const email = typedEmail?.email
  const exists = Object.hasOwn(await readAccounts(options.file), account)
  if ((command === 'add' || command === 'invite') && exists)
    return refused(`The account "${account}" exists already; \`npm run editor:user -- reset ${account}\` gives it a new password.`)
  if (command !== 'add' && command !== 'invite' && !exists) return refused(`There is no account "${account}". \`npm run editor:user -- list\` shows them.`)

  let password: PasswordHash | undefined
  if (command === 'add' || command === 'reset') {
    const given = await options.newPassword(account)
    if ('problem' in given) return refused(given.problem)
    const problem = passwordProblem(given.password, account)
    if (problem) return refused(`${problem} Nothing was changed.`)
    password = await hashPassword(given.password, options.scryptCost ?? DEFAULT_SCRYPT_COST)
  }

  // Read again just before the write: the server (the Accounts screen) may have changed the file meanwhile.
  return updateAccounts(options.file, (accounts: EditorAccounts): { accounts?: EditorAccounts; result: CommandResult } => {
    const at = now().toISOString()
    const current = accounts[account]
    const keep = (changed: EditorAccounts, result: CommandResult) => ({ accounts: changed, result })
    if ((command === 'add' || command === 'invite') && current) return { result: refused(`The account "${account}" was made meanwhile. Nothing was changed.`) }
    if (command !== 'add' && command !== 'invite' && !current) return { result: refused(`The account "${account}" was removed meanwhile. Nothing was changed.`) }
    const firstRole: Role = Object.keys(accounts).length === 0 ? 'admin' : 'editor'
    switch (command) {
      case 'add': {
        const made = role ?? firstRole
        return keep(
          { ...accounts, [account]: { password, createdAt: at, changedAt: at, role: made, ...(email ? { email } : {}) } },
          done(`Account "${account}" made (${made}); it can sign in at /_editor.`),
        )
      }
      case 'invite': {
        const { token, link } = newPasswordLink('invite', now().getTime(), options.passwordLinkHours)
        const made = role ?? firstRole
        return keep(
          { ...accounts, [account]: { createdAt: at, changedAt: at, role: made, passwordLink: link, ...(email ? { email } : {}) } },
          done(
            `Account "${account}" invited (${made}). Send this link to its person; it sets the password once, until ${link.expiresAt}:`,
            `  <your site's address>${passwordLinkPath(token)}`,
          ),
        )
      }
      case 'reset': {
        const { passwordLink: _link, ...rest } = current!
        return keep({ ...accounts, [account]: { ...rest, password, changedAt: at } }, done(`New password set for "${account}"; its sessions begun before have ended.`))
      }
      case 'role': {
        const after = { ...current!, role: role! }
        if (leavesNoAdmin(accounts, account, after)) return { result: refused(lastAdminRefusal(account)) }
        return keep({ ...accounts, [account]: after }, done(`"${account}" is now ${role} (was ${roleOf(current!)}), from its next request on.`))
      }
      case 'email': {
        const { email: _old, ...rest } = current!
        return keep(
          { ...accounts, [account]: email ? { ...rest, email } : rest },
          done(email ? `The editor mails "${account}" at ${email} now.` : `"${account}" has no e-mail address now: the editor mails it nothing.`),
        )
      }
      case 'disable': {
        const after = { ...current!, disabled: true }
        if (leavesNoAdmin(accounts, account, after)) return { result: refused(lastAdminRefusal(account)) }
        return keep({ ...accounts, [account]: after }, done(`"${account}" disabled: its sessions have ended and it cannot sign in until enabled.`))
      }
      case 'remove-factors': {
        // A lost phone and lost recovery codes: the password alone signs the account in again.
        const { factors: _removed, ...rest } = current!
        return keep({ ...accounts, [account]: rest }, done(`The passkeys, authenticator app and recovery codes of "${account}" are removed: its password alone signs it in now.`))
      }
      case 'enable': {
        const { disabled: _disabled, ...rest } = current!
        return keep({ ...accounts, [account]: rest }, done(`"${account}" enabled: it can sign in again.`))
      }
      default: {
        const { [account]: _removed, ...others } = accounts
        return keep(others, done(`Account "${account}" removed: its sessions have ended and it can no longer sign in.`))
      }
    }
  })
}
