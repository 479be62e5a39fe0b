import { Alert, Text } from '@mantine/core'
import type { TeamDraftState } from '../state/use-team-draft'

/** What bringing the draft up to date did: never silent about a field changed on both sides or one that could not be moved. */
export function DraftUpToDateNotice({ team }: { team: TeamDraftState }) {
  const { rebased } = team
  if (!rebased) return null
  const { clashes, skipped, problemCount, version } = rebased
  return (
    <Alert
      color={clashes.length > 0 || skipped.length > 0 ? 'yellow' : 'green'}
      title={`The draft is up to date with version ${version}`}
      role="status"
      withCloseButton
      onClose={team.dismissRebased}
      closeButtonLabel="Dismiss"
    >
      <Text size="sm">What was published since is in the draft now, with the draft’s changes on top.</Text>
      {clashes.length > 0 && <Text size="sm">Both changed: {clashes.join('; ')}; the draft’s words are kept, check them.</Text>}
      {skipped.length > 0 && (
        <Text size="sm">Not moved, as the published version removed or reordered their list: {skipped.join('; ')}. Make these changes again where they belong now.</Text>
      )}
      {problemCount > 0 && (
        <Text size="sm">
          The draft now has {problemCount === 1 ? 'a problem' : `${problemCount} problems`} a publish would be refused for; {problemCount === 1 ? 'it is' : 'they are'} shown on
          {problemCount === 1 ? ' its field' : ' their fields'}.
        </Text>
      )}
    </Alert>
  )
}
