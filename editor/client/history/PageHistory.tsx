import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import type { PageHistory as History } from '../../server/published-versions'
import { AS_DEPLOYED, beforeChangeOf, deployedWords, publishedBy } from '../versions/version-summary'
import { loadPageHistory } from '../versions/history-requests'
import { PageChangeView } from '../versions/PageChangeView'
import { RestorePageButton, type RestoreOutcome } from '../versions/RestorePageButton'
import { ActionOutcomeAlerts } from '../versions/ActionOutcomeAlerts'

interface PageHistoryProps {
  /** The page's address now. */
  path: string
  title: string
}

/** "The change listed above is", "The 2 changes listed above are": what a restore from further down takes back too. */
const laterChanges = (count: number) =>
  count === 0 ? undefined : `${count === 1 ? 'The later change listed above is' : `The ${count} later changes listed above are`} taken back too.`

/**
 * A page's history: each version that changed it, newest first, with its words before and after
 * that change, and the page as the site was deployed at the end. Restore this page on a change
 * puts the page back as it was before it (the words under Before); on the site as deployed, as
 * it was then. Either is published at once as a new version; every other page stays as it is.
 */
export function PageHistory({ path, title }: PageHistoryProps) {
  const [history, setHistory] = useState<History | null>(null)
  const [loadError, setLoadError] = useState<string>()
  const [outcome, setOutcome] = useState<RestoreOutcome | null>(null)
  const refresh = useCallback(
    () =>
      loadPageHistory(path).then(
        (loaded) => {
          setHistory(loaded)
          setLoadError(undefined)
        },
        (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
      ),
    [path],
  )
  useEffect(() => {
    void refresh()
  }, [refresh])
  const done = (result: RestoreOutcome) => {
    setOutcome(result)
    void refresh()
  }

  return (
    <Stack gap="sm" component="section" aria-label={`History of ${title}`}>
      <ActionOutcomeAlerts outcome={outcome} loadError={loadError} />
      {!history && !loadError && <Text size="sm">Loading the page’s history…</Text>}
      {history && history.entries.length === 0 && <Text size="sm">No published version has changed this page.</Text>}
      {history && (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {history.entries.map(({ version, change }, index) => (
            <Card key={version.id} withBorder padding="sm" component="li" aria-label={`Change by ${publishedBy(version)}`}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
                <Text size="sm" fw={600}>
                  {publishedBy(version)}
                </Text>
                {index === 0 && (
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    Latest change
                  </Badge>
                )}
              </Group>
              {change ? <PageChangeView change={change} /> : <Text size="sm">The version before it is no longer kept, so the words it replaced are not known.</Text>}
              {change && change.kind !== 'added' && (
                <Group mt="xs">
                  <RestorePageButton
                    request={{ from: version.base ?? history.deployed.id, page: change.pathBefore ?? change.path, into: path, base: history.current }}
                    title={title}
                    asItWas={beforeChangeOf(version)}
                    note={laterChanges(index)}
                    onDone={done}
                  />
                </Group>
              )}
            </Card>
          ))}
          <Card withBorder padding="sm" component="li" aria-label="The site as deployed">
            <Text size="sm" fw={600} mb="xs">
              {deployedWords(history.deployed)}
            </Text>
            {history.deployed.page === null ? (
              <Text size="sm">The page was not in the site as it was deployed.</Text>
            ) : (
              <Group>
                <RestorePageButton
                  request={{ from: history.deployed.id, page: history.deployed.page, into: path, base: history.current }}
                  title={title}
                  asItWas={AS_DEPLOYED}
                  note={laterChanges(history.entries.length)}
                  onDone={done}
                />
              </Group>
            )}
          </Card>
        </Stack>
      )}
    </Stack>
  )
}
