import { List, Text } from '@mantine/core'
import type { VersionMeta } from '../api'
import { changeLines, publishedBy } from './version-summary'

/** A version's author, time and what it changed: in the list of versions, and in a conflict's notice. */
export function VersionChanges({ version }: { version: VersionMeta }) {
  const lines = changeLines(version.summary)
  return (
    <div>
      <Text size="sm" fw={600}>
        Published by {publishedBy(version)}
        {version.rollbackOf ? ` (a rollback to version ${version.rollbackOf})` : ''}
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
