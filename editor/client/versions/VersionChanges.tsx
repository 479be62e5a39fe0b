import { List, Text } from '@mantine/core'
import { useContext } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { DEPLOYED_VERSION } from '../../../site/version-changes'
import type { VersionMeta } from '../api/editor-api'
import { FieldContext } from '../form/field-context'
import { changeLines, publishedBy, type SummaryNames } from './version-summary'
import { VersionsContext } from './versions-context'

/** The stored summary's name of the theme, which lives in the site's settings. */
const partPath = (key: string) => (key === 'theme' ? ['site', 'theme'] : [key])

/** Pages by their title now ("About Us (/about)"), a page no longer there by its address; parts by their screen's name. */
function useSummaryNames(): SummaryNames {
  const routes = useContext(FieldContext)?.routes ?? []
  const placeOf = useContext(VersionsContext)?.placeOf
  return {
    page: (path) => {
      const title = routes.find((route) => route.path === path)?.title
      return title ? `${title} (${path})` : path
    },
    part: (key) => placeOf?.(partPath(key), {} as SiteConfig)[0] ?? key,
  }
}

/** A version's author, time and what it changed: in the list of versions, and in a conflict's notice. */
export function VersionChanges({ version }: { version: VersionMeta }) {
  const lines = changeLines(version.summary, useSummaryNames())
  return (
    <div>
      <Text size="sm" fw={600}>
        Published by {publishedBy(version)}
        {version.rollbackOf ? ` (the whole site put back ${version.rollbackOf === DEPLOYED_VERSION ? 'as deployed' : 'as it was in an earlier version'})` : ''}
        {version.restoredPage ? ' (one page put back as it was)' : ''}
      </Text>
      {lines.length > 0 ? (
        <List size="sm" spacing={2} mb="xs">
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed" mb="xs">
          No change to the content.
        </Text>
      )}
    </div>
  )
}
