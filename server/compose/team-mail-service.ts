import type { TeamMail } from '../../editor/server/drafts/team-mail.ts'
import { roleAllows } from '../../site/editor-roles.ts'
import { readAccounts, roleOf } from '../editor-access/accounts-file.ts'
import type { FormsService } from './forms-service.ts'

/**
 * The editor's mail to its team: the addresses the accounts file gives (an account's optional
 * `email`), sent through the forms' outbox (durable, retried, from MAIL_FROM).
 */
export function teamMailService(accountsFile: string, forms: Pick<FormsService, 'sendTeamMail'>): TeamMail {
  return {
    async addressesOf(who) {
      const accounts = Object.entries(await readAccounts(accountsFile))
      const chosen =
        'account' in who ? accounts.filter(([name]) => name === who.account) : accounts.filter(([, account]) => !account.disabled && roleAllows(roleOf(account), who.role))
      return chosen.flatMap(([, account]) => (account.email ? [account.email] : []))
    },
    send: (mail) => forms.sendTeamMail(mail),
  }
}
