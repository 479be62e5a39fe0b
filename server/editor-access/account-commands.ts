import { assertPrivate, readAccounts, writeAccounts, type EditorAccounts } from './accounts-file.ts'
import { DEFAULT_SCRYPT_COST, hashPassword, type ScryptCost } from './password-hash.ts'
import { accountNameProblem, passwordProblem } from './password-rules.ts'

/** What a command says and its exit code: 0 done, 1 refused (a reason given), 2 not understood. */
export interface CommandResult {
  code: 0 | 1 | 2
  out: string[]
  err: string[]
}

const done = (...out: string[]): CommandResult => ({ code: 0, out, err: [] })
const refused = (...err: string[]): CommandResult => ({ code: 1, out: [], err })
const USAGE = 'Usage: npm run editor:user -- add <name> | remove <name> | reset <name> | remove-factors <name> | list'

export interface AccountCommandOptions {
  file: string
  /** Asked only once the command is known to need it (add, reset). */
  newPassword: (account: string) => Promise<{ password: string } | { problem: string }>
  now?: () => Date
  scryptCost?: ScryptCost
}

async function withPassword(account: string, options: AccountCommandOptions, save: (hash: Awaited<ReturnType<typeof hashPassword>>) => Promise<CommandResult>) {
  const given = await options.newPassword(account)
  if ('problem' in given) return refused(given.problem)
  const problem = passwordProblem(given.password, account)
  if (problem) return refused(`${problem} Nothing was changed.`)
  return save(await hashPassword(given.password, options.scryptCost ?? DEFAULT_SCRYPT_COST))
}

/**
 * The editor accounts' command: the file is refused when others may read it (it holds the
 * hashes), changed only as a whole (written anew, mode 600), and never shows a hash.
 */
export async function runAccountCommand(args: string[], options: AccountCommandOptions): Promise<CommandResult> {
  const [command, name, ...rest] = args
  const now = options.now ?? (() => new Date())
  const known = ['add', 'remove', 'reset', 'remove-factors'].includes(command ?? '') && name !== undefined && rest.length === 0
  if (!known && !(command === 'list' && name === undefined)) return { code: 2, out: [], err: [USAGE] }
  await assertPrivate(options.file)
  const accounts: EditorAccounts = await readAccounts(options.file)

  if (command === 'list') {
    const names = Object.keys(accounts).sort()
    if (names.length === 0) return done(`No editor accounts yet. \`npm run editor:user -- add <name>\` makes one.`)
    return done(...names.map((account) => `${account}  made ${accounts[account]!.createdAt}  password set ${accounts[account]!.changedAt}`))
  }
  const account = name!.trim().toLowerCase()
  const nameProblem = accountNameProblem(account)
  if (nameProblem) return refused(nameProblem)
  const exists = Object.hasOwn(accounts, account)

  if (command === 'add') {
    if (exists) return refused(`The account "${account}" exists already; \`npm run editor:user -- reset ${account}\` gives it a new password.`)
    return withPassword(account, options, async (password) => {
      const at = now().toISOString()
      await writeAccounts(options.file, { ...accounts, [account]: { password, createdAt: at, changedAt: at } })
      return done(`Account "${account}" made; it can sign in at /_editor.`)
    })
  }
  if (!exists) return refused(`There is no account "${account}". \`npm run editor:user -- list\` shows them.`)
  if (command === 'remove') {
    const { [account]: _removed, ...others } = accounts
    await writeAccounts(options.file, others)
    return done(`Account "${account}" removed: its sessions have ended and it can no longer sign in.`)
  }
  if (command === 'remove-factors') {
    // A lost phone and lost recovery codes: the password alone signs the account in again.
    const { factors: _removed, ...rest } = accounts[account]!
    await writeAccounts(options.file, { ...accounts, [account]: rest })
    return done(`The passkeys, authenticator app and recovery codes of "${account}" are removed: its password alone signs it in now.`)
  }
  return withPassword(account, options, async (password) => {
    await writeAccounts(options.file, { ...accounts, [account]: { ...accounts[account]!, password, changedAt: now().toISOString() } })
    return done(`New password set for "${account}"; its sessions begun before have ended.`)
  })
}
