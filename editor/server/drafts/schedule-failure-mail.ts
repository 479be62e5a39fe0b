import type { DraftMeta, ScheduleOutcome } from '../../../publish/draft-store.ts'
import { EDITOR_BASE } from '../editor-paths.ts'
import type { TeamMail } from './team-mail.ts'

/**
 * A scheduled publish that failed, told by mail to the draft's author and the publisher who
 * scheduled it (each address once, in one mail); the draft shows the same words in the editor.
 * The run happens once across instances, so the mail is sent once. `editorOrigin` is
 * EDITOR_ORIGIN; without it the link is the editor's path, which the reader opens on the site.
 * The number of addresses it went to: 0 when it published, or nobody has an address.
 */
export async function mailScheduleFailure(mail: TeamMail | undefined, draft: DraftMeta, outcome: ScheduleOutcome, editorOrigin?: string): Promise<number> {
  if (outcome.status !== 'failed' || !mail) return 0
  const accounts = [...new Set([draft.author, draft.schedule?.by ?? draft.author])]
  const to = [...new Set((await Promise.all(accounts.map((account) => mail.addressesOf({ account })))).flat())]
  if (to.length === 0) return 0
  const due = draft.schedule ? ` at ${new Date(draft.schedule.at).toUTCString()}` : ''
  const text = [
    `The draft “${draft.name}” was scheduled to publish${due}, and it was not published.`,
    '',
    outcome.words,
    '',
    `Open the editor to see the draft: ${editorOrigin ?? ''}${EDITOR_BASE}`,
  ].join('\n')
  await mail.send({ to, subject: `Scheduled publish failed: ${draft.name}`, text })
  return to.length
}
