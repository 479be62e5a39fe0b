import { Stack, Text, Title } from '@mantine/core'
import { SchemaField } from '../form/SchemaField'
import { EntryTree } from '../trees/EntryTree'
import { resolve } from '../schema/schema-refs'
import { isRequiredAt, schemaAt, valueAt } from '../schema/config-schema'
import type { SiteScreenProps } from './site-screens'

/**
 * A site screen as the form generated from its part's schema (like a block's form): the schema's
 * description under the heading, then its tree (the menu's entries), then the part's other fields,
 * then the screen's aside.
 */
function SchemaScreen({ config, screen }: SiteScreenProps) {
  const path = screen.path ?? []
  const found = schemaAt(path)
  if (!found) return <Text c="red.8">schemas/site.schema.json has no {path.join('.')}.</Text>
  const resolved = resolve(found)
  const { tree, Aside } = screen
  const properties = Object.fromEntries(Object.entries(resolved.properties ?? {}).filter(([key]) => !screen.omit?.includes(key) && key !== tree))
  const schema = { ...resolved, properties }
  return (
    <Stack gap="sm" component="section" aria-label={screen.label}>
      <Title order={2} size="h4">
        {screen.label}
      </Title>
      {schema.description && (
        <Text size="sm" c="dimmed">
          {schema.description}
        </Text>
      )}
      {tree && <EntryTree path={[...path, tree]} name={tree} schema={resolved.properties![tree]!} value={valueAt(config, [...path, tree])} label={screen.label} />}
      {/* The menu screen has nothing besides its tree. */}
      {(!tree || Object.keys(properties).length > 0) && (
        <SchemaField name={String(path.at(-1))} schema={schema} value={valueAt(config, path)} path={path} label={screen.label} required={isRequiredAt(path)} bare />
      )}
      {Aside && <Aside config={config} />}
    </Stack>
  )
}

/** The screen as its entry says: made by hand, or the form from its schema. */
export function SiteScreenView(props: SiteScreenProps) {
  const Screen = props.screen.Screen ?? SchemaScreen
  return <Screen {...props} />
}
