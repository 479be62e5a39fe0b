import { Button, Fieldset, Stack, Text } from '@mantine/core'
import { useFieldEnvironment, useFieldError, type FieldProps, type NestedFieldProps } from './field-context'
import { labelFor, startingValue, type JsonSchema } from './schemas'
import { FieldsetIntro } from './FieldsetIntro'

/** Which property of a shared definition gets a picker instead of a text input. */
const pickedProperty: Partial<Record<NonNullable<JsonSchema['editorWidget']>, [string, FieldProps['widget']]>> = {
  link: ['to', 'linkTarget'],
  image: ['src', 'imageSource'],
}

/** A nested object as a group of its properties, in the schema's order; an optional one can be added and removed. */
export function ObjectField({ name, schema, value, path, label, Field, required }: NestedFieldProps) {
  const { change } = useFieldEnvironment()
  const error = useFieldError(path)
  const title = label ?? labelFor(name, schema)
  if (value === undefined) {
    return (
      <Stack gap={4}>
        <Button variant="light" onClick={() => change(path, startingValue({ ...schema, examples: undefined }))} aria-describedby={undefined}>
          Add {title.toLowerCase()}
        </Button>
        {schema.description && (
          <Text size="xs" c="dimmed">
            {schema.description}
          </Text>
        )}
      </Stack>
    )
  }
  const object = value as Record<string, unknown>
  const picked = schema.editorWidget ? pickedProperty[schema.editorWidget] : undefined
  return (
    <Fieldset legend={title} variant="filled">
      <Stack gap="sm">
        <FieldsetIntro description={schema.description} error={error} />
        {Object.entries(schema.properties ?? {}).map(([key, property]) => (
          <Field
            key={key}
            name={key}
            schema={property}
            value={object[key]}
            path={[...path, key]}
            required={schema.required?.includes(key)}
            widget={picked?.[0] === key ? picked[1] : undefined}
          />
        ))}
        {!required && (
          <Button variant="subtle" color="red" size="xs" onClick={() => change(path, undefined)}>
            Remove {title.toLowerCase()}
          </Button>
        )}
      </Stack>
    </Fieldset>
  )
}
