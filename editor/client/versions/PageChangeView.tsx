import { Stack, Text } from '@mantine/core'
import type { PageChange } from '../../../site/version-changes'
import { useVersionsEnvironment } from './versions-context'
import { blockPlace, pageFieldPlace } from './change-places'
import { FieldWords } from './FieldWords'

/** What one version did to one page, in the screens' words: its settings and block fields before and after, blocks added, removed or moved. */
export function PageChangeView({ change }: { change: PageChange }) {
  const { placeOf } = useVersionsEnvironment()
  return (
    <Stack gap={8}>
      {change.kind === 'added' && <Text size="sm">The page was made in this version.</Text>}
      {change.kind === 'removed' && <Text size="sm">The page was deleted in this version.</Text>}
      {change.fields.map((field, index) => (
        <FieldWords key={`page-${index}`} place={pageFieldPlace(placeOf, change, field)} field={field} />
      ))}
      {change.blocks.map((block, index) =>
        block.kind === 'changed' ? (
          block.fields.map((field, at) => <FieldWords key={`block-${index}-${at}`} place={blockPlace(placeOf, change, block, field)} field={field} />)
        ) : (
          <Text key={`block-${index}`} size="sm">
            {block.kind === 'added' ? 'Block added' : 'Block removed'}: {blockPlace(placeOf, change, block).join(' › ')}
          </Text>
        ),
      )}
      {change.moved && <Text size="sm">The blocks were put in another order.</Text>}
      {change.more > 0 && (
        <Text size="sm" c="dimmed">
          …and {change.more === 1 ? 'one more change' : `${change.more} more changes`}, not listed here.
        </Text>
      )}
    </Stack>
  )
}
