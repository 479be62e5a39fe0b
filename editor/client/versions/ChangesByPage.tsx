import { Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { PageChange, VersionChanges } from '../../../site/version-changes'
import { firstText } from '../languages/translation-value'
import { sitePlace } from './change-places'
import { FieldWords } from './FieldWords'
import { PageChangeView } from './PageChangeView'
import { useVersionsEnvironment } from './versions-context'

/**
 * What a version or a draft changes, value by value: each page under its title with its words
 * before and after (and, under it, what the screen offers for that page), then the site's other parts.
 */
export function ChangesByPage({ changes, pageAction }: { changes: Pick<VersionChanges, 'pages' | 'site'>; pageAction?: (change: PageChange) => ReactNode }) {
  const { placeOf } = useVersionsEnvironment()
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
          {pageAction?.(change)}
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
