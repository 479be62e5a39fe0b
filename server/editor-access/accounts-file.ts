import { readFile, stat } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { ensureDirectory, writeFileDurably } from '../../ground/durable-files.ts'
import { ROLE_OF_ACCOUNTS_BEFORE_ROLES, type Role } from '../../site/editor-roles.ts'
import type { PasswordHash } from './password-hash.ts'
import type { AccountFactors } from './second-factors/account-factors.ts'

/** A one-time link that sets an account's password (an invitation, or a reset by an admin): only its token's hash is kept. */
export interface PasswordLink {
  /** sha256 of the token, base64url: the link cannot be rebuilt from the file. */
  tokenHash: string
  /** ISO 8601: refused after. */
  expiresAt: string
  kind: 'invite' | 'reset'
}

/** One editor account as stored: the password only as its scrypt hash. */
export interface EditorAccount {
  /** Absent while an invited account has not set one, and after a reset: no password signs it in. */
  password?: PasswordHash
  /** ISO 8601. */
  createdAt: string
  /** When the password was last set (ISO 8601): a session begun before it has ended. */
  changedAt: string
  /** What the account may do (site/editor-roles.ts); absent in an account made before roles: an admin. */
  role?: Role
  /** A disabled account cannot sign in, and its sessions have ended; it is kept, with its history, to be enabled again. */
  disabled?: boolean
  /** Passkeys, an authenticator app and recovery codes (second-factors/account-factors.ts); absent: the password alone. */
  factors?: AccountFactors
  /** The one link that may set its password now; a new one replaces it, using it removes it. */
  passwordLink?: PasswordLink
  /** Where the editor mails this account (a draft to review, a draft sent back); absent: no mail. */
  email?: string
}

/** The role an account has, an account made before roles being an admin. */
export const roleOf = (account: Pick<EditorAccount, 'role'>): Role => account.role ?? ROLE_OF_ACCOUNTS_BEFORE_ROLES

export type EditorAccounts = Record<string, EditorAccount>

/** Rules an admin sets for every account, kept beside them. */
export interface AccountsPolicy {
  /** Publishers and admins must have a second factor: one without it is taken to add one before anything else. */
  secondFactorRequired?: boolean
}

const isEnabledAdmin = (account: EditorAccount) => roleOf(account) === 'admin' && !account.disabled

/** Whether changing `name` to `after` (undefined: removing it) leaves no enabled admin: then no one could manage the accounts in the browser. */
export const leavesNoAdmin = (accounts: EditorAccounts, name: string, after: EditorAccount | undefined) =>
  Object.entries(accounts).every(([other, account]) => (other === name ? !(after && isEnabledAdmin(after)) : !isEnabledAdmin(account)))

/** The refusal of such a change, on the command line and in the browser alike. */
export const lastAdminRefusal = (name: string) => `"${name}" is the last admin: make another account an admin first, so someone can still manage the accounts. Nothing was changed.`

interface AccountsFileContent {
  accounts: EditorAccounts
  policy?: AccountsPolicy
}

/** The file holds password hashes: a mistake in its permissions is the operator's to fix, in these words. */
export class AccountsFileProblem extends Error {}

/** Group and others: any permission bit for them exposes the hashes to offline guessing, or lets them add an account. */
const OPEN_TO_OTHERS = 0o077

/** Refuses a file anyone but its owner may read or write. A missing file is fine: it has no accounts yet. */
export async function assertPrivate(file: string): Promise<void> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (info && (info.mode & OPEN_TO_OTHERS) !== 0)
    throw new AccountsFileProblem(
      `${file} can be read or written by others (mode ${(info.mode & 0o777).toString(8)}): it holds password hashes. Run \`chmod 600 ${file}\` and try again.`,
    )
}

async function readContent(file: string): Promise<Partial<AccountsFileContent>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Partial<AccountsFileContent>
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw error
  }
}

export async function readAccounts(file: string): Promise<EditorAccounts> {
  const content = await readContent(file)
  // A plain object without a prototype: an account named "constructor" is just a name.
  return Object.assign(Object.create(null) as EditorAccounts, content.accounts ?? {})
}

async function readPolicy(file: string): Promise<AccountsPolicy> {
  return (await readContent(file)).policy ?? {}
}

/** Written whole to a temporary file (mode 600), synced and renamed over the old one: never half a file. */
async function writeContent(file: string, content: AccountsFileContent): Promise<void> {
  await ensureDirectory(dirname(file))
  await writeFileDurably(dirname(file), basename(file), `${JSON.stringify(content, null, 2)}\n`)
}

/** The accounts anew, the policy as it was. */
export async function writeAccounts(file: string, accounts: EditorAccounts): Promise<void> {
  const { policy } = await readContent(file)
  await writeContent(file, { accounts, ...(policy ? { policy } : {}) })
}

/** The policy anew, the accounts as they are: in turn with every change of the accounts (updateAccounts). */
export function writePolicy(file: string, policy: AccountsPolicy): Promise<void> {
  return inTurn(file, async () => writeContent(file, { accounts: await readAccounts(file), policy }))
}

/**
 * The server's view of the file: read again only when it changed on disk, so `remove` or `reset`
 * on the command line takes effect on the next request without a restart.
 */
export function accountsOnDisk(file: string): () => Promise<EditorAccounts> {
  return readWhenChanged(file, readAccounts, {})
}

/** The policy, read again only when the file changed on disk, as the accounts are. */
export function policyOnDisk(file: string): () => Promise<AccountsPolicy> {
  return readWhenChanged(file, readPolicy, {})
}

function readWhenChanged<T>(file: string, read: (file: string) => Promise<T>, missing: T): () => Promise<T> {
  let seen: { version: string; value: T } | undefined
  return async () => {
    const info = await stat(file).catch(() => undefined)
    const version = info ? `${info.ino}:${info.size}:${info.mtimeMs}` : 'missing'
    if (seen?.version !== version) seen = { version, value: info ? await read(file) : missing }
    return seen.value
  }
}

/** The changes queued per file in this process: each runs once the one before it has written. */
const queues = new Map<string, Promise<unknown>>()

/**
 * Changes the accounts: reads the file afresh, applies `change` and writes the result whole, one
 * change at a time per file in this process, so the browser and another request (or the command
 * line's own run, which reads just before it writes) never lose each other's account. `change`
 * returns the new accounts, or undefined to write nothing; what it returns besides is handed back.
 */
export function updateAccounts<T>(
  file: string,
  change: (accounts: EditorAccounts) => { accounts?: EditorAccounts; result: T } | Promise<{ accounts?: EditorAccounts; result: T }>,
): Promise<T> {
  return inTurn(file, async () => {
    const { accounts, result } = await change(await readAccounts(file))
    if (accounts) await writeAccounts(file, accounts)
    return result
  })
}

/** Runs `job` once every change of the file queued before it in this process has written (or failed). */
function inTurn<T>(file: string, job: () => Promise<T>): Promise<T> {
  const run = (queues.get(file) ?? Promise.resolve()).catch(() => undefined).then(job)
  queues.set(file, run)
  void run
    .finally(() => {
      if (queues.get(file) === run) queues.delete(file)
    })
    .catch(() => undefined)
  return run
}
