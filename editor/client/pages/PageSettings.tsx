import { Stack, Title } from '@mantine/core'
import type { SiteConfig } from '../../../site/generated/site-config'
import { SchemaField } from '../form/SchemaField'
import { resolve } from '../schema/schema-refs'
import { schemaAt } from '../schema/config-schema'
import { PageAddressField } from './PageAddressField'

const routeSchema = resolve(resolve(schemaAt(['routes']) ?? {}).items ?? {})

interface PageSettingsProps {
  config: SiteConfig
  routeIndex: number
  /** The config with the page's address changed, and the new address (to keep the page selected). */
  onAddressChange(config: SiteConfig, address: string): void
}

/**
 * A page's own settings, generated from route.schema.json like a block's form: its address (with
 * the links to it and its old address looked after, PageAddressField), aliases, title, description,
 * share image and layout; its blocks have the outline below.
 */
export function PageSettings({ config, routeIndex, onAddressChange }: PageSettingsProps) {
  const route = config.routes[routeIndex]! as unknown as Record<string, unknown>
  const properties = Object.entries(routeSchema.properties ?? {}).filter(([key]) => key !== 'path' && key !== 'blocks')
  return (
    <Stack gap="sm" component="section" aria-label="Page settings">
      <Title order={3} size="h5">
        Page settings
      </Title>
      <PageAddressField key={String(route.path)} config={config} routeIndex={routeIndex} schema={routeSchema.properties?.path ?? {}} onChange={onAddressChange} />
      {properties.map(([key, property]) => (
        <SchemaField key={key} name={key} schema={property} value={route[key]} path={['routes', routeIndex, key]} required={routeSchema.required?.includes(key)} />
      ))}
    </Stack>
  )
}
