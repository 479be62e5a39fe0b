import type { EditorSettings, FormsSettings } from './grouped-values.ts'
import { DEV_API_KEY } from './settings-table.ts'

/** What no single declaration can say: one setting that bounds another, one that changes what another means. */
export function problemsBetween(forms: FormsSettings, editor: EditorSettings): string[] {
  const problems: string[] = []
  if (forms.retryBaseMs > forms.retryMaxMs)
    problems.push(`MAIL_RETRY_BASE_MS (${forms.retryBaseMs}) is longer than MAIL_RETRY_MAX_MS (${forms.retryMaxMs}): set the first delay below the longest.`)
  if (editor.idleMs > editor.maxMs)
    problems.push(`EDITOR_SESSION_IDLE_MS (${editor.idleMs}) is longer than EDITOR_SESSION_MAX_MS (${editor.maxMs}): set the idle time below the longest session.`)
  return problems
}

/** Where form mail goes when nothing sends it anywhere real (no SMTP_URL): .eml files only. */
const PLACEHOLDER_RECIPIENT = 'forms@example.com'

/**
 * Without SMTP the mail is only written as .eml files, so a placeholder recipient loses nothing. With
 * SMTP, real mail to a made-up mailbox would be lost quietly: the forms service refuses to start for
 * any form left without recipients.
 */
export const withPlaceholderRecipient = (forms: FormsSettings): FormsSettings =>
  forms.mailTo.length === 0 && !forms.smtpUrl ? { ...forms, mailTo: [PLACEHOLDER_RECIPIENT] } : forms

/** Development defaults still in use: worth a line at start-up. */
export function developmentNotices(forms: FormsSettings): string[] {
  const notices: string[] = []
  if (forms.apiKey === DEV_API_KEY) notices.push(`API_KEY not set: using the development key "${DEV_API_KEY}"`)
  if (!forms.smtpUrl) notices.push('SMTP_URL not set: mail is written as .eml files instead of being sent')
  return notices
}
