import { Box, SimpleGrid, Text } from '@mantine/core'
import type { FieldChange } from '../../../site/version-changes'
import classes from './FieldWords.module.css'
import { valueWords, wordParts, type WordPart } from './word-diff'

function Words({ parts, absent, mark }: { parts: WordPart[]; absent: string; mark: 'del' | 'ins' }) {
  if (parts.length === 0)
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {absent}
      </Text>
    )
  const Mark = mark
  return (
    <Text size="sm" className={classes.words}>
      {parts.map((part, index) =>
        part.changed ? (
          <Mark key={index} className={mark === 'del' ? classes.removed : classes.added}>
            {part.text}
          </Mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  )
}

/** One value that changed: where it is, then its words before and after side by side, the words removed and added marked. */
export function FieldWords({ place, field }: { place: string[]; field: FieldChange }) {
  const before = valueWords(field.before)
  const after = valueWords(field.after)
  const parts = wordParts(before ?? '', after ?? '')
  const name = place.join(' › ')
  return (
    <Box role="group" aria-label={name}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <SimpleGrid cols={2} spacing="xs">
        <div>
          <Text size="xs" c="dimmed">
            Before
          </Text>
          <Words parts={before === null ? [] : parts.before} absent="(not there)" mark="del" />
        </div>
        <div>
          <Text size="xs" c="dimmed">
            After
          </Text>
          <Words parts={after === null ? [] : parts.after} absent="(removed)" mark="ins" />
        </div>
      </SimpleGrid>
    </Box>
  )
}
