import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import type { DeployedSite } from '../../server/published-versions'
import { loadVersions, rollBack, versionConfigAddress, type VersionMeta } from '../api/editor-api'
import { deployedWords, publishedBy } from './version-summary'
import { VersionChanges } from './VersionChanges'
import { VersionDetails } from './VersionDetails'
import { useNotAllowed } from '../account/use-allowed'
import { useVersionsEnvironment } from './versions-context'
import { ActionOutcomeAlerts, type ActionOutcome } from './ActionOutcomeAlerts'

/** What a rollback puts back: a published version, or the site as deployed. */
type RollbackTarget = { id: string; words: string }

/**
 * The site's published versions (production only), newest first, each with who published it, when
 * and what it changed (Show what changed: the words before and after, page by page, each page
 * restorable on its own), then the site as deployed. Any earlier one can be published again
 * whole (Roll back to this, after a confirmation) and any one downloaded as site.config.json.
 */
export function VersionsScreen() {
  const { reload, dirty } = useVersionsEnvironment()
  const [versions, setVersions] = useState<VersionMeta[] | null>(null)
  const [deployed, setDeployed] = useState<DeployedSite | null>(null)
  const [loadError, setLoadError] = useState<string>()
  const [confirming, setConfirming] = useState<RollbackTarget | null>(null)
  const [shown, setShown] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null)
  const rollbackRefused = useNotAllowed('POST', 'versions/:id/rollback')

  const refresh = useCallback(
    () =>
      loadVersions().then(
        (loaded) => {
          setVersions(loaded.versions)
          setDeployed(loaded.deployed)
          setLoadError(undefined)
        },
        (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
      ),
    [],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])

  async function rollBackTo(target: RollbackTarget) {
    setConfirming(null)
    setBusy(true)
    const answer = await rollBack(target.id).catch((error: unknown) => ({
      status: 0,
      body: { message: String(error) } as { version?: VersionMeta; message?: string; problems?: string[] },
    }))
    setBusy(false)
    if (answer.status === 200 && answer.body.version) {
      setOutcome({ ok: true, message: `Rolled back: the site shows ${target.words} again, published now as a new version.` })
      await Promise.all([reload(), refresh()])
    } else {
      // A refused rollback lists the checker's problems, each as `npm run validate` words it.
      const problems = answer.body.problems?.length ? ` ${answer.body.problems.join(' ')}` : ''
      setOutcome({ ok: false, message: (answer.body.message ?? `The rollback failed (${answer.status}).`) + problems })
    }
  }
  const current = versions?.[0]?.id ?? null

  return (
    <Stack gap="sm" component="section" aria-label="Versions">
      <Title order={2} size="h4">
        Versions
      </Title>
      <Text size="sm" c="dimmed">
        Every publish is a version. Show what changed to see the words before and after, and put one page back as it was; roll back to an earlier version to publish the whole site
        as it was, as a new version; download one to keep its site.config.json.
      </Text>
      {rollbackRefused && (
        <Text size="sm" c="dimmed">
          {rollbackRefused}
        </Text>
      )}
      <ActionOutcomeAlerts outcome={outcome} loadError={loadError} />
      {versions === null && !loadError && <Text size="sm">Loading the versions…</Text>}
      {versions?.length === 0 && <Text size="sm">Nothing has been published yet: the site shows it as deployed.</Text>}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {versions?.map((version, index) => (
          <Card key={version.id} withBorder padding="sm" component="li" aria-label={`Version ${version.id}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <VersionChanges version={version} />
              {index === 0 && (
                <Badge color="green" style={{ flexShrink: 0 }}>
                  Published now
                </Badge>
              )}
            </Group>
            <Group gap="xs">
              <Button size="xs" variant="default" aria-expanded={shown === version.id} onClick={() => setShown(shown === version.id ? null : version.id)}>
                {shown === version.id ? 'Hide what changed' : 'Show what changed'}
              </Button>
              {index > 0 && !rollbackRefused && (
                <Button size="xs" variant="default" loading={busy} onClick={() => setConfirming({ id: version.id, words: `the version of ${publishedBy(version)}` })}>
                  Roll back to this
                </Button>
              )}
              <Button size="xs" variant="default" component="a" href={versionConfigAddress(version.id)} download="site.config.json">
                Download
              </Button>
            </Group>
            {shown === version.id && (
              <VersionDetails
                version={version}
                current={current}
                onRestored={(result) => {
                  setOutcome(result)
                  void refresh()
                }}
              />
            )}
          </Card>
        ))}
        {deployed && (
          <Card withBorder padding="sm" component="li" aria-label="The site as deployed">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Text size="sm" fw={600} mb="xs">
                {deployedWords(deployed)}
              </Text>
              {versions?.length === 0 && (
                <Badge color="green" style={{ flexShrink: 0 }}>
                  Published now
                </Badge>
              )}
            </Group>
            <Group gap="xs">
              {versions !== null && versions.length > 0 && !rollbackRefused && (
                <Button size="xs" variant="default" loading={busy} onClick={() => setConfirming({ id: deployed.id, words: 'what was deployed' })}>
                  Roll back to this
                </Button>
              )}
              <Button size="xs" variant="default" component="a" href={versionConfigAddress(deployed.id)} download="site.config.json">
                Download
              </Button>
            </Group>
          </Card>
        )}
      </Stack>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Roll back to this version?">
        {confirming && (
          <Stack gap="sm">
            <Text size="sm">This publishes {confirming.words} again, every page of it, as a new version: the site shows it at once. The versions after it stay in the list.</Text>
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
