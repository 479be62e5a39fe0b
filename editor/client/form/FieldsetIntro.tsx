import { Text } from '@mantine/core'

/** The top of a group of fields: the schema's description of it and, when there is one, its problem. */
export function FieldsetIntro({ description, error }: { description?: string; error?: string | null }) {
  return (
    <>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </>
  )
}
