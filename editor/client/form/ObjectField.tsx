import { Button, Fieldset, Stack, Text } from '@mantine/core'
import { useFieldEnvironment, type WidgetProps } from './field-context'
import type { JsonSchema } from '../schema/json-schema'
import { emptyValue, labelFor } from '../schema/schemas'
import { FieldsetIntro } from './FieldsetIntro'
import { NewEntryInput } from './NewEntryInput'

/** A group whose every property has a default of its own (texts.header, a page's layout): the file may leave it out. */
const isEmptyObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0

/** The schema of the entries an object holds under names of the author's choosing (forms by name, a mail's labels by key). */
const entrySchema = (schema: JsonSchema) => (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined)

/**
 * A nested object as a group of its properties, in the schema's order, then the entries it holds
 * under names of their own (an `additionalProperties` schema: each declared form, each mail label),
 * with a box to add one. An optional object can be added and removed; one whose default is `{}`
 * is shown as that while the file leaves it out, so its fields (each showing its default) can be
 * filled in at once. Bare (a screen's whole content), without the group box and its description.
 */
export function ObjectField({ schema, value, path, label, error, Field, required, bare }: WidgetProps) {
  const { change } = useFieldEnvironment()
  const implied = value === undefined && isEmptyObject(schema.default)
  if (value === undefined && !implied) {
    return (
      <Stack gap={4}>
        <Button variant="light" onClick={() => change(path, emptyValue(schema))} aria-describedby={undefined}>
          Add {label.toLowerCase()}
        </Button>
        {schema.description && (
          <Text size="xs" c="dimmed">
            {schema.description}
          </Text>
        )}
      </Stack>
    )
  }
  const object = (value ?? {}) as Record<string, unknown>
  const properties = schema.properties ?? {}
  const entries = entrySchema(schema)
  const entryNames = entries ? Object.keys(object).filter((key) => !Object.hasOwn(properties, key)) : []
  const fields = (
    <Stack gap="sm">
      <FieldsetIntro description={bare ? undefined : schema.description} error={error} />
      {Object.entries(properties).map(([key, property]) => (
        <Field key={key} name={key} schema={property} value={object[key]} path={[...path, key]} required={schema.required?.includes(key)} parent={{ schema, value: object }} />
      ))}
      {entries && (
        <>
          {entryNames.map((key) => (
            <Field key={key} name={key} schema={entries} value={object[key]} path={[...path, key]} label={labelFor(key, {})} />
          ))}
          <NewEntryInput groupLabel={label} taken={Object.keys(object)} onAdd={(key) => change([...path, key], emptyValue(entries))} />
        </>
      )}
      {!required && !implied && (
        <Button variant="subtle" color="red" size="xs" onClick={() => change(path, undefined)}>
          Remove {label.toLowerCase()}
        </Button>
      )}
    </Stack>
  )
  return bare ? (
    fields
  ) : (
    <Fieldset legend={label} variant="filled">
      {fields}
    </Fieldset>
  )
}
