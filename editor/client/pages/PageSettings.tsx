import { Stack, Text, Title } from '@mantine/core'
import type { SiteConfig } from '../../../site/generated/site-config'
import { SchemaField } from '../form/SchemaField'
import { resolve } from '../schema/schema-refs'
import { schemaAt } from '../schema/config-schema'
import { PageAddressField } from './PageAddressField'
import { pageLanguages } from '../../../site/languages'
import { editorLanguages, languageNames } from '../languages/editor-languages'

const routeSchema = resolve(resolve(schemaAt(['routes']) ?? {}).items ?? {})

/** In a site of several languages, the languages the page is in, and how it joins another (the rule of site/languages.ts). */
function PageLanguages({ config, routeIndex }: Pick<PageSettingsProps, 'config' | 'routeIndex'>) {
  const languages = editorLanguages(config.site)
  if (languages.length < 2) return null
  const codes = languages.map(({ language }) => language)
  const inLanguages = pageLanguages(config.routes[routeIndex]!, codes)
  return (
    <Text size="sm" data-page-languages>
      In: {languageNames(languages, inLanguages)}. Give the title in a language to add the page to it.
    </Text>
  )
}

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
      <PageLanguages config={config} routeIndex={routeIndex} />
      <PageAddressField key={String(route.path)} config={config} routeIndex={routeIndex} schema={routeSchema.properties?.path ?? {}} onChange={onAddressChange} />
      {properties.map(([key, property]) => (
        <SchemaField key={key} name={key} schema={property} value={route[key]} path={['routes', routeIndex, key]} required={routeSchema.required?.includes(key)} />
      ))}
    </Stack>
  )
}
