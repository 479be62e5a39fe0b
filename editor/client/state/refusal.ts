import type { SiteConfig } from '../../../site/generated/site-config'
import type { EditorProblem } from '../api/editor-api'

/**
 * Whether a refused save's notice still holds. A refusal names what was wrong with the draft it
 * was sent (its problems, or that it was too large); once the draft has changed and the checker,
 * asked about the draft as it is now, finds nothing wrong, the notice would only mislead.
 */
export function refusalStands(save: { kind: string; sent?: SiteConfig }, now: { draft: SiteConfig | undefined; checking: boolean; problems: EditorProblem[] }): boolean {
  if (save.kind !== 'refused' || save.sent === undefined) return true
  return now.draft === save.sent || now.checking || now.problems.length > 0
}
