import { Stack, Text, Title } from '@mantine/core'
import type { Navigation } from '../../../site/generated/site-config'
import { SchemaField } from '../form/SchemaField'
import { schemaFile } from '../form/schema-refs'

const navigationSchema = schemaFile('site.schema.json')?.properties?.navigation

/** The header menu as a form from its schema: each entry a link or a dropdown, each panel entry a link or a sub-menu. */
export function MenuEditor({ navigation }: { navigation: Navigation }) {
  if (!navigationSchema) return <Text c="red.8">schemas/site.schema.json has no navigation property.</Text>
  return (
    <Stack gap="sm" component="section" aria-label="Header menu">
      <Title order={2} size="h4">
        Header menu
      </Title>
      <SchemaField name="navigation" schema={navigationSchema} value={navigation} path={['navigation']} required />
    </Stack>
  )
}
