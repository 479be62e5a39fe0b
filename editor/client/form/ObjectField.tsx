import { Button, Fieldset, Stack, Text } from '@mantine/core'
import { useFieldEnvironment, type WidgetProps } from './field-context'
import { emptyValue } from './schemas'
import { FieldsetIntro } from './FieldsetIntro'

/** A nested object as a group of its properties, in the schema's order; an optional one can be added and removed. */
export function ObjectField({ schema, value, path, label, error, Field, required }: WidgetProps) {
  const { change } = useFieldEnvironment()
  if (value === undefined) {
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
  const object = value as Record<string, unknown>
  return (
    <Fieldset legend={label} variant="filled">
      <Stack gap="sm">
        <FieldsetIntro description={schema.description} error={error} />
        {Object.entries(schema.properties ?? {}).map(([key, property]) => (
          <Field key={key} name={key} schema={property} value={object[key]} path={[...path, key]} required={schema.required?.includes(key)} />
        ))}
        {!required && (
          <Button variant="subtle" color="red" size="xs" onClick={() => change(path, undefined)}>
            Remove {label.toLowerCase()}
          </Button>
        )}
      </Stack>
    </Fieldset>
  )
}
