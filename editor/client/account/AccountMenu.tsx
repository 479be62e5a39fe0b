import { Button, Group, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { editorSession, type EditorSession } from '../api/session'

/** On a production server: who is signed in, and Sign out (the access layer's form post, with the session's token). */
export function AccountMenu() {
  const [session, setSession] = useState<EditorSession>()
  useEffect(() => {
    void editorSession().then(setSession, () => undefined)
  }, [])
  if (!session) return null
  return (
    <form method="post" action="/_editor/sign-out">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Signed in as {session.account}
        </Text>
        <Button component="a" href="/_editor/security" variant="subtle" size="compact-sm">
          Sign-in security
        </Button>
        <input type="hidden" name="csrf" value={session.csrfToken} />
        <Button type="submit" variant="subtle" size="compact-sm">
          Sign out
        </Button>
      </Group>
    </form>
  )
}
