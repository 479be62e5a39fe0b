/**
 * The mail the editor sends its team (a draft to review, a draft sent back), through the site's
 * outbox: queued durably and retried as the forms' mail is. Given by the composition root; a
 * server without it (the dev server, a test that does not ask) sends none and says so.
 */
export interface TeamMail {
  /** The e-mail addresses of the enabled publishers and admins that have one, or of one account (none when it has no address). */
  addressesOf(who: { role: 'publisher' } | { account: string }): Promise<string[]>
  /** Queues one mail to `to` in the outbox. */
  send(mail: { to: string[]; subject: string; text: string }): Promise<void>
}

/** Sends `mail` to whoever `who` names; the number of addresses it went to (0: nobody has one, or there is no outbox). */
export async function mailTeam(team: TeamMail | undefined, who: Parameters<TeamMail['addressesOf']>[0], mail: { subject: string; text: string }): Promise<number> {
  if (!team) return 0
  const to = await team.addressesOf(who)
  if (to.length > 0) await team.send({ to, ...mail })
  return to.length
}
