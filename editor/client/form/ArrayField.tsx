import { ActionIcon, Button, Fieldset, Group, Paper, Stack } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react'
import { moveItem } from '../state/json-path'
import { useFieldEnvironment, type WidgetProps } from './field-context'
import { resolve } from './schema-refs'
import { itemLabel, startingValue } from './schemas'
import { FieldsetIntro } from './FieldsetIntro'
import { widgetFor } from './widget-choice'

/** Items shown in a group of their own below their buttons; any other item sits beside them. */
const groupedItems = new Set(['object', 'alternatives'])

/** A list: each item generated from the item schema, with buttons to add, remove and move items. */
export function ArrayField({ name, schema, value, path, label, error, Field }: WidgetProps) {
  const { change } = useFieldEnvironment()
  const items = (value as unknown[] | undefined) ?? []
  const itemSchema = resolve(schema.items ?? {})
  const noun = itemLabel(name)
  const simple = !groupedItems.has(widgetFor(itemSchema, `${label} (its items)`))
  const setItems = (next: unknown[]) => change(path, next.length === 0 && !schema.minItems ? undefined : next)

  return (
    <Fieldset legend={label} variant="filled">
      <Stack gap="sm">
        <FieldsetIntro description={schema.description} error={error} />
        {items.map((item, index) => {
          const itemName = `${noun} ${index + 1}`
          return (
            <Paper key={index} withBorder p="xs">
              <Group justify="space-between" mb={simple ? 0 : 'xs'} wrap="nowrap" align="flex-start">
                {simple ? (
                  <div style={{ flex: 1 }}>
                    <Field name={name} schema={itemSchema} value={item} path={[...path, index]} label={itemName} required />
                  </div>
                ) : (
                  // An object item's own group is titled with its name, below.
                  <span />
                )}
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Move ${itemName} up`} disabled={index === 0} onClick={() => setItems(moveItem(items, index, index - 1))}>
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${itemName} down`}
                    disabled={index === items.length - 1}
                    onClick={() => setItems(moveItem(items, index, index + 1))}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${itemName}`} onClick={() => setItems(items.filter((_, other) => other !== index))}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
              {!simple && <Field name={name} schema={itemSchema} value={item} path={[...path, index]} label={itemName} required />}
            </Paper>
          )
        })}
        <Button variant="light" onClick={() => setItems([...items, startingValue({ ...itemSchema, examples: undefined })])}>
          Add {noun.toLowerCase()}
        </Button>
      </Stack>
    </Fieldset>
  )
}
