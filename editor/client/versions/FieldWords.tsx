import { Box, SimpleGrid, Text } from '@mantine/core'
import type { FieldChange } from '../../../site/version-changes'
import classes from './FieldWords.module.css'
import { valueWords, wordParts, type WordPart } from './word-diff'

/** One side of a change, under its heading (Before, After): its words, those removed or added marked. */
function Side({ heading, parts, absent, mark }: { heading: string; parts: WordPart[]; absent: string; mark: 'del' | 'ins' }) {
  const Mark = mark
  return (
    <div>
      <Text size="xs" c="dimmed">
        {heading}
      </Text>
      {parts.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          {absent}
        </Text>
      ) : (
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
      )}
    </div>
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
        <Side heading="Before" parts={before === null ? [] : parts.before} absent="(not there)" mark="del" />
        <Side heading="After" parts={after === null ? [] : parts.after} absent="(removed)" mark="ins" />
      </SimpleGrid>
    </Box>
  )
}
