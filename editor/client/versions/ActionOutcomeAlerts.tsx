import { Alert } from '@mantine/core'

/** What a restore or a rollback came to, in words: a status when it worked, an alert when not. */
export interface ActionOutcome {
  ok: boolean
  message: string
}

/** The last action's outcome and a list's loading failure, above the list of versions they concern. */
export function ActionOutcomeAlerts({ outcome, loadError }: { outcome: ActionOutcome | null; loadError: string | undefined }) {
  return (
    <>
      {outcome && (
        <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </Alert>
      )}
      {loadError && (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      )}
    </>
  )
}
