import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useCallback, useEffect, useState } from 'react'
import { forgetSession } from '../api/session'
import { loadMyAccount, postAccounts, type ListedSession } from './account-requests'
import { EmailForm } from './EmailForm'
import { SessionList } from './SessionList'

/** The password rule the server holds (password-rules.ts), said before a round trip; the server checks the rest (common passwords, the name). */
const SHORTEST_PASSWORD = 12

/**
 * My account, for everyone: change the password (the current one required; every other session
 * ends, this one goes on), set or clear the e-mail address the editor mails, see where the account
 * is signed in, and sign out the other sessions.
 */
export function MyAccountPanel() {
  const [sessions, setSessions] = useState<ListedSession[]>()
  const [email, setEmail] = useState<string | null>()
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>()
  const form = useForm({
    initialValues: { current: '', password: '', confirm: '' },
    validate: {
      current: (value) => (value ? null : 'Enter your current password.'),
      password: (value) => (value.length >= SHORTEST_PASSWORD ? null : `Use at least ${SHORTEST_PASSWORD} characters (a few unrelated words make a good one).`),
      confirm: (value, values) => (value === values.password ? null : 'The two new passwords differ.'),
    },
  })
  const refresh = useCallback(
    () =>
      loadMyAccount().then((answer) => {
        if (!answer.ok) return
        setSessions(answer.sessions)
        setEmail(answer.email)
      }),
    [],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])

  async function changePassword({ current, password }: typeof form.values) {
    const answer = await postAccounts<{ csrfToken: string }>('my-account/password', { current, password })
    if (answer.ok) {
      forgetSession()
      form.reset()
      setOutcome({ ok: true, message: 'Your password is changed. Every other session of your account has ended; this one goes on.' })
      void refresh()
    } else setOutcome({ ok: false, message: answer.message })
  }

  async function saveEmail(typed: string) {
    const answer = await postAccounts<{ email: string | null }>('my-account/email', { email: typed })
    if (answer.ok) setEmail(answer.email)
    setOutcome(
      answer.ok
        ? { ok: true, message: answer.email ? `The editor mails you at ${answer.email} now.` : 'Your e-mail address is cleared: the editor mails you nothing.' }
        : { ok: false, message: answer.message },
    )
  }

  async function signOutOthers() {
    const answer = await postAccounts<{ sessionsEnded: number }>('my-account/sign-out-others')
    setOutcome(
      answer.ok ? { ok: true, message: `Signed out ${answer.sessionsEnded} other session${answer.sessionsEnded === 1 ? '' : 's'}.` } : { ok: false, message: answer.message },
    )
    void refresh()
  }

  return (
    <Stack gap="md">
      {outcome && (
        <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.message}
        </Alert>
      )}
      <form onSubmit={form.onSubmit((values) => void changePassword(values))}>
        <Stack gap="xs">
          <Title order={3} size="h5">
            Change your password
          </Title>
          <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('current')} />
          <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput label="New password again" autoComplete="new-password" {...form.getInputProps('confirm')} />
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Your e-mail address
        </Title>
        {email !== undefined && <EmailForm key={email ?? ''} label="Your e-mail" current={email} onSave={saveEmail} />}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Where you are signed in
        </Title>
        {sessions ? <SessionList sessions={sessions} label="Your sessions" /> : <Text size="sm">Loading…</Text>}
        <Button variant="default" onClick={() => void signOutOthers()} disabled={!sessions || sessions.length < 2} style={{ alignSelf: 'flex-start' }}>
          Sign out my other sessions
        </Button>
      </Stack>
    </Stack>
  )
}
