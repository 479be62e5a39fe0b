import { Alert, Button, Code, Group, List, PasswordInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { useEffect, useState } from 'react'
import { AccountMenu } from '../account/AccountMenu'
import { AppQrCode } from './AppQrCode'
import { editorSession, type EditorSession } from '../api/session'
import { securityCall, type SecurityState } from './security-api'

/**
 * The "Sign-in security" screen: the account's passkeys (recommended), its authenticator app and
 * recovery codes; for an admin, the policy and the way back in for someone who lost their phone.
 * Adding anything asks for the password again.
 */
export function SignInSecurity() {
  const [state, setState] = useState<SecurityState>()
  const [session, setSession] = useState<EditorSession>()
  const [problem, setProblem] = useState<string>()
  const [password, setPassword] = useState('')
  const [passkeyName, setPasskeyName] = useState('')
  const [app, setApp] = useState<{ secret: string; uri: string }>()
  const [code, setCode] = useState('')
  const [other, setOther] = useState('')
  useEffect(() => {
    void securityCall(null).then(setState, (error: Error) => setProblem(error.message))
    void editorSession().then(setSession, () => undefined)
  }, [])
  const run = (work: () => Promise<void>) => () => {
    setProblem(undefined)
    work().catch((error: Error) => setProblem(error.message))
  }
  if (!state) return <Text p="md">{problem ?? 'Loading…'}</Text>

  const addPasskey = run(async () => {
    const optionsJSON = await securityCall<PublicKeyCredentialCreationOptionsJSON>('passkeys/options', { password })
    const response = await startRegistration({ optionsJSON })
    setState(await securityCall('passkeys', { name: passkeyName, response }))
    setPassword('')
  })
  const startApp = run(async () => setApp(await securityCall<{ secret: string; uri: string }>('app/start', { password })))
  const confirmApp = run(async () => {
    setState(await securityCall('app', { code }))
    setApp(undefined)
    setPassword('')
  })

  return (
    <Stack p="md" maw={640} gap="lg">
      {/* The way out: an account the policy keeps on this screen can still sign out. */}
      <AccountMenu />
      <Title order={1} size="h3">
        Sign-in security
      </Title>
      {state.mustAdd && <Alert color="orange">This site asks your role for a second factor: add a passkey or an authenticator app before you continue.</Alert>}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {state.recoveryCodes && (
        <Alert color="blue" title="Your recovery codes: keep them somewhere safe, they are shown only now">
          <List>
            {state.recoveryCodes.map((recovery) => (
              <List.Item key={recovery}>
                <Code>{recovery}</Code>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <PasswordInput
        label="Your password (asked again to add a passkey, an app or new recovery codes)"
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />

      <section aria-label="Passkeys">
        <Title order={2} size="h4">
          Passkeys (recommended)
        </Title>
        {!state.passkeysAvailable && <Text c="dimmed">Passkeys are not set up on this site (EDITOR_ORIGIN).</Text>}
        {state.passkeys.map((passkey) => (
          <Group key={passkey.id} justify="space-between">
            <Text>
              {passkey.name} · added {passkey.createdAt.slice(0, 10)}
              {passkey.lastUsedAt ? ` · last used ${passkey.lastUsedAt.slice(0, 10)}` : ''}
            </Text>
            <Button variant="subtle" color="red" onClick={run(async () => setState(await securityCall('passkeys/remove', { id: passkey.id })))}>
              Remove {passkey.name}
            </Button>
          </Group>
        ))}
        {state.passkeysAvailable && (
          <Group align="end">
            <TextInput label="Name of the new passkey" placeholder="Work laptop" value={passkeyName} onChange={(event) => setPasskeyName(event.currentTarget.value)} />
            <Button onClick={addPasskey}>Add a passkey</Button>
          </Group>
        )}
      </section>

      <section aria-label="Authenticator app">
        <Title order={2} size="h4">
          Authenticator app
        </Title>
        {!state.appAvailable && <Text c="dimmed">Authenticator apps are not set up on this site (EDITOR_FACTORS_KEY).</Text>}
        {state.app ? (
          <Group>
            <Text>An authenticator app is set up. Recovery codes left: {state.recoveryCodesLeft}.</Text>
            <Button variant="subtle" onClick={run(async () => setState(await securityCall('recovery-codes', { password })))}>
              New recovery codes
            </Button>
            <Button variant="subtle" color="red" onClick={run(async () => setState(await securityCall('app/remove', {})))}>
              Remove the app
            </Button>
          </Group>
        ) : (
          state.appAvailable &&
          (app ? (
            <Stack>
              <AppQrCode uri={app.uri} />
              <Text>
                Or type this secret: <Code data-testid="app-secret">{app.secret}</Code>
              </Text>
              <Group align="end">
                <TextInput label="The code the app shows" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.currentTarget.value)} />
                <Button onClick={confirmApp}>Confirm</Button>
              </Group>
            </Stack>
          ) : (
            <Button onClick={startApp}>Set up an authenticator app</Button>
          ))
        )}
      </section>

      {session?.role === 'admin' && (
        <section aria-label="Every account">
          <Title order={2} size="h4">
            Every account
          </Title>
          <Switch
            label="Require a second factor for publishers and admins"
            checked={state.secondFactorRequired}
            onChange={(event) => {
              const secondFactorRequired = event.currentTarget.checked
              run(async () => setState(await securityCall('policy', { secondFactorRequired })))()
            }}
          />
          <Group align="end" mt="sm">
            <TextInput label="Account that lost its phone and recovery codes" value={other} onChange={(event) => setOther(event.currentTarget.value)} />
            <Button variant="light" color="red" onClick={run(async () => setState(await securityCall('remove-factors', { account: other })))}>
              Remove its second factors
            </Button>
          </Group>
        </section>
      )}
      {!state.mustAdd && (
        <Button component="a" href="/_editor" variant="subtle">
          Back to the editor
        </Button>
      )}
    </Stack>
  )
}
