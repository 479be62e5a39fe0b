import { Alert, Button, Group, Text } from '@mantine/core'
import type { JsonPath } from '../state/json-path'
import { languageNames, type EditorLanguage } from '../languages/editor-languages'
import type { PartGaps } from './translation-gaps'

interface MissingTranslationsNoteProps {
  /** The missing translations of the page or screen open; nothing is shown without any. */
  gaps: PartGaps | undefined
  languages: EditorLanguage[]
  /** Takes the author to a text's field (opening its block), as a problem's link does. */
  onShow(path: JsonPath): void
}

/** The box of the first text's first missing language (form/TranslatableField.tsx), where the author types what is missing. */
function firstBox({ texts }: PartGaps): JsonPath {
  const [first] = texts
  return [...first!.path, first!.missing[0]!]
}

/** Above a page or a site screen: how many of its texts lack a translation, and a button to the first of them. */
export function MissingTranslationsNote({ gaps, languages, onShow }: MissingTranslationsNoteProps) {
  if (!gaps) return null
  const count = gaps.texts.length
  return (
    <Alert color="orange" variant="light" p="xs" role="status" aria-label="Missing translations">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">
          {count} {count === 1 ? 'text here lacks its translation' : 'texts here lack their translations'} in {languageNames(languages, gaps.languages)}.
        </Text>
        <Button size="compact-sm" variant="light" color="orange" onClick={() => onShow(firstBox(gaps))}>
          Show the first
        </Button>
      </Group>
    </Alert>
  )
}
