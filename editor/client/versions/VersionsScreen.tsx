import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { loadVersions, rollBack, versionConfigAddress, type VersionMeta } from '../api'
import { publishedBy } from './version-summary'
import { VersionChanges } from './VersionChanges'
import { useVersionsEnvironment } from './versions-context'

type Outcome = { ok: boolean; message: string }

/**
 * The site's published versions (production only), newest first, each with who published it,
 * when and what it changed; any earlier one can be published again (Roll back to this, after a
 * confirmation) and any one downloaded as site.config.json.
 */
export function VersionsScreen() {
  const { reload, dirty } = useVersionsEnvironment()
  const [versions, setVersions] = useState<VersionMeta[] | null>(null)
  const [loadError, setLoadError] = useState<string>()
  const [confirming, setConfirming] = useState<VersionMeta | null>(null)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const refresh = useCallback(
    () =>
      loadVersions().then(
        (list) => {
          setVersions(list)
          setLoadError(undefined)
        },
        (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
      ),
    [],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])

  async function rollBackTo(version: VersionMeta) {
    setConfirming(null)
    setBusy(true)
    const answer = await rollBack(version.id).catch((error: unknown) => ({
      status: 0,
      body: { message: String(error) } as { version?: VersionMeta; message?: string; problems?: string[] },
    }))
    setBusy(false)
    if (answer.status === 200 && answer.body.version) {
      setOutcome({ ok: true, message: `Rolled back: the site shows the version of ${publishedBy(version)} again (as the new version ${answer.body.version.id}).` })
      await Promise.all([reload(), refresh()])
    } else {
      // A refused rollback lists the checker's problems, each as `npm run validate` words it.
      const problems = answer.body.problems?.length ? ` ${answer.body.problems.join(' ')}` : ''
      setOutcome({ ok: false, message: (answer.body.message ?? `The rollback failed (${answer.status}).`) + problems })
    }
  }

  return (
    <Stack gap="sm" component="section" aria-label="Versions">
      <Title order={2} size="h4">
        Versions
      </Title>
      <Text size="sm" c="dimmed">
        Every publish is a version. Roll back to an earlier one to publish it again, as a new version; download one to keep its site.config.json.
      </Text>
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
      {versions === null && !loadError && <Text size="sm">Loading the versions…</Text>}
      {versions?.length === 0 && <Text size="sm">Nothing has been published yet.</Text>}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {versions?.map((version, index) => (
          <Card key={version.id} withBorder padding="sm" component="li" aria-label={`Version ${version.id}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <VersionChanges version={version} />
              {index === 0 && <Badge color="green">Published now</Badge>}
            </Group>
            <Group gap="xs">
              {index > 0 && (
                <Button size="xs" variant="default" loading={busy} onClick={() => setConfirming(version)}>
                  Roll back to this
                </Button>
              )}
              <Button size="xs" variant="default" component="a" href={versionConfigAddress(version.id)} download="site.config.json">
                Download
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Roll back to this version?">
        {confirming && (
          <Stack gap="sm">
            <Text size="sm">
              This publishes the version of {publishedBy(confirming)} again, as a new version: the site shows it at once. The versions after it stay in the list.
            </Text>
            {dirty && <Text size="sm">Your unpublished edits here are dropped when the editor loads the new version.</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button color="orange" onClick={() => void rollBackTo(confirming)}>
                Roll back
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
