import { Alert, Anchor } from '@mantine/core'
import { useSyncExternalStore } from 'react'
import { signInAddress, signedOutState } from '../api/session'

/**
 * Once the server answered that the sign-in has ended (a 401), on top of the editor: sign in
 * again, in a new tab or here. The edits are kept in this browser meanwhile (drafts/), so the
 * editor offers them back after signing in.
 */
export function SignedOutNotice() {
  const signedOut = useSyncExternalStore(signedOutState.subscribe, signedOutState.get)
  if (!signedOut) return null
  return (
    <Alert color="red" title="Your sign-in has ended" role="alert">
      Nothing more can be checked or published until you{' '}
      <Anchor href={signInAddress()} target="_blank">
        sign in again
      </Anchor>
      . Your edits are kept in this browser: reload the editor once signed in, and it offers them back.
    </Alert>
  )
}
