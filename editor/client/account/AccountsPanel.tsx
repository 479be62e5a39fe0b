import { Alert, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { ROLES, type Role } from '../../../site/editor-roles'
import { fullLink, loadAccounts, postAccounts, whenText, type AccountRow } from './account-requests'
import { EmailForm } from './EmailForm'
import { LinkToSend } from './LinkToSend'
import { SessionList } from './SessionList'

type Outcome = { ok: boolean; message: string; link?: string }

const ROLE_WORDS: Record<Role, string> = {
  editor: 'Editor: changes drafts',
  publisher: 'Publisher: also publishes, restores, rolls back',
  admin: 'Admin: also manages accounts',
}
const ROLE_CHOICES = ROLES.map((role) => ({ value: role, label: ROLE_WORDS[role] }))

function AccountCard({ row, you, act }: { row: AccountRow; you: string; act(route: string, fields?: Record<string, string>, done?: string): Promise<void> }) {
  const [removing, setRemoving] = useState(false)
  const { name } = row
  return (
    <Card withBorder padding="sm" component="li" aria-label={`Account ${name}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>
            {name} {name === you && <Badge size="xs">you</Badge>}{' '}
            {row.disabled && (
              <Badge color="red" size="xs">
                disabled
              </Badge>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            Made {whenText(row.createdAt)} · {row.passwordSet ? `password set ${whenText(row.changedAt)}` : 'no password yet'}
            {row.link ? ` · ${row.link.kind === 'invite' ? 'invitation' : 'reset'} link open until ${whenText(row.link.expiresAt)}` : ''}
          </Text>
        </Stack>
        <Select
          aria-label={`Role of ${name}`}
          data={ROLE_CHOICES}
          value={row.role}
          allowDeselect={false}
          w={260}
          onChange={(role) => role && role !== row.role && void act(`accounts/${name}/role`, { role }, `${name} is now ${role}.`)}
        />
      </Group>
      <EmailForm
        key={row.email ?? ''}
        label={`E-mail of ${name}`}
        current={row.email}
        onSave={(email) => act(`accounts/${name}/email`, { email }, email.trim() ? `${name} is mailed at ${email.trim()} now.` : `${name} has no e-mail address now.`)}
      />
      <SessionList sessions={row.sessions} label={`Sessions of ${name}`} />
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          variant="default"
          onClick={() => void act(`accounts/${name}/reset`, {}, `${name}'s password is gone and their sessions ended. Send them this link to set a new one:`)}
        >
          Reset password
        </Button>
        {row.disabled ? (
          <Button size="xs" variant="default" onClick={() => void act(`accounts/${name}/enable`, {}, `${name} can sign in again.`)}>
            Enable
          </Button>
        ) : (
          name !== you && (
            <Button size="xs" variant="default" onClick={() => void act(`accounts/${name}/disable`, {}, `${name} is disabled: their sessions have ended.`)}>
              Disable
            </Button>
          )
        )}
        {row.sessions.length > 0 && (
          <Button size="xs" variant="default" onClick={() => void act(`accounts/${name}/sign-out`, {}, `${name} is signed out everywhere.`)}>
            Sign out everywhere
          </Button>
        )}
        {row.link && (
          <Button size="xs" variant="default" onClick={() => void act(`accounts/${name}/withdraw-link`, {}, `${name}'s link no longer works.`)}>
            Withdraw link
          </Button>
        )}
        {!removing && (
          <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(true)}>
            Remove
          </Button>
        )}
      </Group>
      {removing && (
        <Alert color="red" role="alertdialog" aria-label={`Remove ${name}?`} mt="xs">
          <Text size="sm" mb="xs">
            {name === you ? 'This is your own account: removing it signs you out for good. ' : `${name} can no longer sign in and their sessions end at once. `}
            Removing cannot be undone; disabling can.
          </Text>
          <Group gap="xs">
            <Button size="xs" color="red" onClick={() => void act(`accounts/${name}/remove`, { confirm: name }, `${name} is removed.`)}>
              Remove {name}
            </Button>
            <Button size="xs" variant="default" onClick={() => setRemoving(false)} ref={(button) => button?.focus()}>
              Keep {name}
            </Button>
          </Group>
        </Alert>
      )}
    </Card>
  )
}

/**
 * The admins' Accounts screen: every account with its role, its e-mail address, whether its
 * password is set, whether it is disabled, and where it is signed in; invite a new one by a
 * one-time link, and reset, change the role or address of, disable, enable, sign out or remove the others. The server refuses anything
 * that would leave the site without an admin, in words shown here.
 */
export function AccountsPanel() {
  const [accounts, setAccounts] = useState<{ you: string; accounts: AccountRow[] }>()
  const [outcome, setOutcome] = useState<Outcome>()
  const [name, setName] = useState('')
  const [role, setRole] = useState<Role>('editor')
  const [email, setEmail] = useState('')

  const refresh = useCallback(
    () =>
      loadAccounts().then((answer) => {
        if (answer.ok) setAccounts(answer)
        else setOutcome({ ok: false, message: answer.message })
      }),
    [],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])

  async function act(route: string, fields: Record<string, string> = {}, done = 'Done.') {
    const answer = await postAccounts<{ link?: string }>(route, fields)
    setOutcome(answer.ok ? { ok: true, message: done, ...(answer.link ? { link: fullLink(answer.link) } : {}) } : { ok: false, message: answer.message })
    await refresh()
  }

  async function invite() {
    const answer = await postAccounts<{ account: string; link: string; expiresAt: string }>('accounts/invite', { account: name, role, email })
    if (answer.ok) {
      setName('')
      setEmail('')
      setOutcome({
        ok: true,
        message: `${answer.account} is invited as ${role}. Send them this link; it sets their password once, until ${whenText(answer.expiresAt)}:`,
        link: fullLink(answer.link),
      })
    } else setOutcome({ ok: false, message: answer.message })
    await refresh()
  }

  return (
    <Stack gap="md">
      {outcome && (
        <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
          <Text size="sm">{outcome.message}</Text>
          {outcome.link && <LinkToSend link={outcome.link} testId="password-link" />}
        </Alert>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void invite()
        }}
      >
        <Title order={3} size="h5" mb="xs">
          Invite someone
        </Title>
        <Group align="flex-end" gap="xs">
          <TextInput label="Account name" description="Lower-case letters, digits, . _ or -" value={name} onChange={(event) => setName(event.currentTarget.value)} required />
          <Select label="Role" data={ROLE_CHOICES} value={role} allowDeselect={false} onChange={(value) => value && setRole(value as Role)} w={280} />
          <TextInput
            label="E-mail (optional)"
            type="email"
            placeholder="name@example.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            maxLength={254}
          />
          <Button type="submit">Make an invitation link</Button>
        </Group>
      </form>
      <Title order={3} size="h5">
        Accounts
      </Title>
      {!accounts ? (
        <Text size="sm">Loading the accounts…</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {accounts.accounts.map((row) => (
            <AccountCard key={row.name} row={row} you={accounts.you} act={act} />
          ))}
        </Stack>
      )}
    </Stack>
  )
}
