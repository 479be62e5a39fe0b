import { Alert, Stack, Text, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { DEPLOYED_VERSION } from '../../../site/version-changes'
import type { VersionChanges, VersionMeta } from '../../server/published-versions'
import { sitePlace } from './change-places'
import { FieldWords } from './FieldWords'
import { loadVersionChanges } from './history-requests'
import { PageChangeView } from './PageChangeView'
import { RestorePageButton, type RestoreOutcome } from './RestorePageButton'
import { beforeChangeOf } from './version-summary'
import { firstText } from '../languages/translation-value'
import { useVersionsEnvironment } from './versions-context'

interface VersionDetailsProps {
  version: VersionMeta
  /** The version current now, which a restore is published on. */
  current: string | null
  onRestored(outcome: RestoreOutcome): void
}

/**
 * What one version changed, value by value: each page with its words before and after (and Restore
 * this page, which puts that page back as it was before this version), then the site's other parts.
 */
export function VersionDetails({ version, current, onRestored }: VersionDetailsProps) {
  const { placeOf } = useVersionsEnvironment()
  const [changes, setChanges] = useState<VersionChanges | null>(null)
  const [loadError, setLoadError] = useState<string>()
  useEffect(() => {
    loadVersionChanges(version.id).then(
      (loaded) => setChanges(loaded.changes),
      (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
    )
  }, [version.id])

  if (loadError)
    return (
      <Alert color="red" role="alert">
        {loadError}
      </Alert>
    )
  if (!changes) return <Text size="sm">Loading what changed…</Text>
  if (!changes.known) return <Text size="sm">The version before this one is no longer kept, so the words it replaced are not known.</Text>
  return (
    <Stack gap="md" mt="xs">
      {changes.pages.map((change) => (
        <Stack key={`${change.kind} ${change.path}`} gap={6} component="section" aria-label={`Changes to ${firstText(change.page.title)}`}>
          <Title order={4} size="h6">
            {firstText(change.page.title)}{' '}
            <Text span size="xs" c="dimmed">
              ({change.path})
            </Text>
          </Title>
          <PageChangeView change={change} />
          {change.kind !== 'added' && (
            <div>
              <RestorePageButton
                request={{ from: version.base ?? DEPLOYED_VERSION, page: change.pathBefore ?? change.path, base: current }}
                title={firstText(change.page.title)}
                asItWas={beforeChangeOf(version)}
                onDone={onRestored}
              />
            </div>
          )}
        </Stack>
      ))}
      {changes.site.map((part) => (
        <Stack key={part.path.join('.')} gap={6} component="section" aria-label={`Changes to ${sitePlace(placeOf, part)[0]}`}>
          <Title order={4} size="h6">
            {sitePlace(placeOf, part)[0]}
          </Title>
          {part.fields.map((field, index) => (
            <FieldWords key={index} place={sitePlace(placeOf, part, field)} field={field} />
          ))}
          {part.more > 0 && (
            <Text size="sm" c="dimmed">
              …and {part.more === 1 ? 'one more change' : `${part.more} more changes`}, not listed here.
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  )
}
