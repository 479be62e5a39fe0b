/**
 * The operator's command for the editor's accounts (docs/deploy.md, "Editor accounts"):
 *   npm run editor:user -- add <name> [--role r] [--email a]     a new account; the password is asked twice
 *                                                    (not shown), or read from standard input when it is not a terminal
 *   npm run editor:user -- invite <name> [--role r] [--email a]  a new account, its password set by its
 *                                                    person through the one-time link printed
 *   npm run editor:user -- role <name> <role>        editor, publisher or admin
 *   npm run editor:user -- email <name> <a>|--clear  where the editor mails the account (a review asked, a draft sent back)
 *   npm run editor:user -- disable | enable <name>   a disabled account's sessions end; enabled, it signs in again
 *   npm run editor:user -- reset <name>              a new password; the account's sessions end
 *   npm run editor:user -- remove <name>             the account and its sessions end
 *   npm run editor:user -- list                      names, roles, when made and when the password was set
 * The first account is an admin, later ones editors, unless --role says otherwise.
 * It works on EDITOR_ACCOUNTS_FILE (default ./editor-accounts.json), the running server's file,
 * which the server reads again as soon as it changes. Exit 0 done, 1 refused, 2 not understood.
 */
import fs from 'node:fs'
import { readServerConfigOrExit } from '../settings/config.ts'
import { runAccountCommand } from '../editor-access/account-commands.ts'
import { AccountsFileProblem } from '../editor-access/accounts-file.ts'
import { PromptCancelled, readNewPassword } from '../editor-access/password-prompt.ts'

if (fs.existsSync('.env')) process.loadEnvFile('.env')
const { accountsFile: file, passwordLinkHours } = readServerConfigOrExit(process.env).editor

async function run(): Promise<number> {
  try {
    const result = await runAccountCommand(process.argv.slice(2), { file, newPassword: readNewPassword, passwordLinkHours })
    for (const line of result.out) console.log(line)
    for (const line of result.err) console.error(line)
    return result.code
  } catch (error) {
    if (error instanceof AccountsFileProblem) console.error(error.message)
    else if (error instanceof PromptCancelled) console.error('Cancelled; nothing was changed.')
    else throw error
    return 1
  }
}

process.exitCode = await run()
