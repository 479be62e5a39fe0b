import { dictionary } from '@zxcvbn-ts/language-common'

/** NIST SP 800-63B asks for at least 8; a password typed by someone who can publish the site asks for more. */
const MIN_PASSWORD_LENGTH = 12

/**
 * zxcvbn-ts' list of common passwords (about 49 000, from leaked-password corpora), lower-cased as
 * the list is: an attacker's first guesses, whatever their capitals.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'])

/** Why a new password is refused, in words the operator can act on; undefined when it is acceptable. */
export function passwordProblem(password: string, account: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `The password is too short: use at least ${MIN_PASSWORD_LENGTH} characters (a few unrelated words make a good one).`
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'The password is one of the most common passwords, the first an attacker tries: choose another.'
  if (password.toLowerCase().includes(account.toLowerCase())) return 'The password contains the account name, which an attacker knows: choose another.'
  return undefined
}

/** Names as they appear in the log and the page: short, no spaces or markup. */
const ACCOUNT_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/

export function accountNameProblem(name: string): string | undefined {
  if (!ACCOUNT_NAME.test(name)) return `"${name}" cannot be an account name: use 1 to 64 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit.`
  return undefined
}
