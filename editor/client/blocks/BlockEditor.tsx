import { Stack, Text, Title } from '@mantine/core'
import type { Block } from '../../../site/generated/site-config'
import { SchemaField } from '../form/SchemaField'
import { blockSchemas } from '../schema/schemas'
import type { JsonPath } from '../state/json-path'
import { blockName, blockTypeName } from '../schema/block-names'

/** The form of one block, generated from its type's schema: no block has a form written by hand. */
export function BlockEditor({ block, path, index }: { block: Block; path: JsonPath; index: number }) {
  const schema = blockSchemas[block.type]
  if (!schema) return <Text c="red.8">No schema for block type "{block.type}" in schemas/blocks/.</Text>
  return (
    <Stack gap="sm" component="section" aria-label={`Block ${index + 1}: ${blockTypeName(block.type)}`}>
      <Title order={2} size="h4">
        {blockName(block, index)}
      </Title>
      {schema.description && (
        <Text size="sm" c="dimmed">
          {schema.description}
        </Text>
      )}
      {Object.entries(schema.properties ?? {}).map(([key, property]) => (
        <SchemaField
          key={key}
          name={key}
          schema={property}
          value={(block as unknown as Record<string, unknown>)[key]}
          path={[...path, key]}
          required={schema.required?.includes(key)}
        />
      ))}
    </Stack>
  )
}
