import { Button, Group, Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { AccountsPanel } from './AccountsPanel'
import { MyAccountPanel } from './MyAccountPanel'
import { useEditorSession, useNotAllowed } from './use-allowed'

/**
 * On a production server: who is signed in with their role, My account, Accounts (admins only:
 * the others are not offered it), and Sign out (the access layer's form post, with the session's token).
 */
export function AccountMenu() {
  const [open, setOpen] = useState<'mine' | 'accounts' | null>(null)
  // Read again once a screen closes: a password changed there gave this session a new id and token.
  const [reading, setReading] = useState(0)
  const session = useEditorSession(reading)
  const accountsRefused = useNotAllowed('GET', 'accounts')
  const close = () => {
    setOpen(null)
    setReading(reading + 1)
  }
  if (!session) return null
  return (
    <>
      <form method="post" action="/_editor/sign-out">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            Signed in as {session.account} ({session.role})
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => setOpen('mine')}>
            My account
          </Button>
          <Button component="a" href="/_editor/security" variant="subtle" size="compact-sm">
            Sign-in security
          </Button>
          {!accountsRefused && (
            <Button variant="subtle" size="compact-sm" onClick={() => setOpen('accounts')}>
              Accounts
            </Button>
          )}
          <input type="hidden" name="csrf" value={session.csrfToken} />
          <Button type="submit" variant="subtle" size="compact-sm">
            Sign out
          </Button>
        </Group>
      </form>
      <Modal opened={open === 'mine'} onClose={close} title="My account" size="lg">
        <MyAccountPanel />
      </Modal>
      <Modal opened={open === 'accounts'} onClose={close} title="Accounts" size="xl">
        <AccountsPanel />
      </Modal>
    </>
  )
}
