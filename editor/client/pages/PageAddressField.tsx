import { Button, Group, TextInput } from '@mantine/core'
import { useState } from 'react'
import { addressKey } from '../../../authoring/check/site-addresses.ts'
import type { SiteConfig } from '../../../site/generated/site-config'
import { fieldAnchor } from '../form/field-anchor'
import { useFieldError } from '../form/field-context'
import type { JsonSchema } from '../schema/json-schema'
import { resolve } from '../schema/schema-refs'
import { labelFor } from '../schema/schemas'
import { siteSchema } from '../schema/config-schema'
import { AddressChangeDialog } from './AddressChangeDialog'
import { changeAddress, linksTo, oldAddressStillReached } from './address-change'
import { placeWords } from './config-places'
import { firstText } from '../languages/translation-value'

interface PageAddressFieldProps {
  config: SiteConfig
  routeIndex: number
  /** The path property's schema (route.schema.json): its label, help and form. */
  schema: JsonSchema
  /** The config with the address changed (and, as asked, its links and aliases), and the new address. */
  onChange(config: SiteConfig, address: string): void
}

/** Why a typed address cannot be the page's, in words, or undefined when it can. */
function refusalOf(config: SiteConfig, routeIndex: number, draft: string, schema: JsonSchema): string | undefined {
  if (schema.pattern && !new RegExp(schema.pattern).test(draft)) return schema.description
  const other = config.routes.find((route, index) => index !== routeIndex && [route.path, ...(route.aliases ?? [])].some((address) => addressKey(address) === addressKey(draft)))
  return other ? `${draft} is already an address of the page "${firstText(other.title)}" (${other.path}).` : undefined
}

/**
 * A page's address (its `path`), typed here and applied with Enter or the button: a change of
 * address reaches beyond the page (links to it, its old address as an alias), so it is asked about
 * in a dialog (AddressChangeDialog) once the new address is complete, not at every letter.
 */
export function PageAddressField({ config, routeIndex, schema: given, onChange }: PageAddressFieldProps) {
  const route = config.routes[routeIndex]!
  const path = ['routes', routeIndex, 'path']
  const schema = resolve(given)
  const checkerError = useFieldError(path)
  const [draft, setDraft] = useState(route.path)
  const [asked, setAsked] = useState<string | null>(null)
  const edited = draft !== route.path
  const refusal = edited ? refusalOf(config, routeIndex, draft, schema) : undefined
  const links = asked === null ? [] : linksTo(config, route.path, siteSchema)

  return (
    <div {...fieldAnchor(path)} style={{ display: 'contents' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (edited && !refusal) setAsked(draft)
        }}
      >
        <TextInput
          label={labelFor('path', schema)}
          description={schema.description}
          required
          value={draft}
          error={refusal ?? checkerError}
          onChange={(event) => setDraft(event.currentTarget.value.trim())}
        />
        {edited && (
          <Group gap="xs" mt={6}>
            <Button type="submit" size="xs" disabled={Boolean(refusal)}>
              Change address…
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setDraft(route.path)}>
              Keep {route.path}
            </Button>
          </Group>
        )}
      </form>
      <AddressChangeDialog
        key={asked ?? ''}
        change={asked === null ? null : { from: route.path, to: asked }}
        linkPlaces={links.map((link) => placeWords(config, link.path))}
        oldStillReached={asked !== null && oldAddressStillReached(route, asked)}
        onCancel={() => {
          setAsked(null)
          setDraft(route.path)
        }}
        onConfirm={(options) => {
          onChange(changeAddress(config, { routeIndex, to: asked!, ...options }, siteSchema), asked!)
          setAsked(null)
        }}
      />
    </div>
  )
}
