import { Alert, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { DEPLOYED_VERSION } from '../../../site/version-changes'
import type { VersionChanges, VersionMeta } from '../../server/published-versions'
import { ChangesByPage } from './ChangesByPage'
import { loadVersionChanges } from './history-requests'
import { RestorePageButton, type RestoreOutcome } from './RestorePageButton'
import { beforeChangeOf } from './version-summary'
import { firstText } from '../languages/translation-value'

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
    <ChangesByPage
      changes={changes}
      pageAction={(change) =>
        change.kind !== 'added' && (
          <div>
            <RestorePageButton
              request={{ from: version.base ?? DEPLOYED_VERSION, page: change.pathBefore ?? change.path, base: current }}
              title={firstText(change.page.title)}
              asItWas={beforeChangeOf(version)}
              onDone={onRestored}
            />
          </div>
        )
      }
    />
  )
}
