import { Button, Fieldset, Stack } from '@mantine/core'
import { SortableList } from '../lists/SortableList'
import { useMovedRowFocus } from '../lists/use-moved-row-focus'
import { listItemIds } from '../state/item-identity'
import { moveItem, removeItem } from '../state/json-path'
import { ArrayItem } from './ArrayItem'
import { useFieldEnvironment, type WidgetProps } from './field-context'
import { appendNewRow } from './new-rows'
import { resolve } from './schema-refs'
import { emptyValue, itemLabel } from './schemas'
import { FieldsetIntro } from './FieldsetIntro'
import { widgetFor } from './widget-choice'

/** Items shown in a group of their own below their buttons; any other item sits beside them. */
const groupedItems = new Set(['object', 'alternatives'])

/**
 * A list: each item generated from the item schema, with buttons to add, remove and move items,
 * and a handle to drag one (mouse or keyboard). Rows are keyed by their item's stable id, so a
 * moved or removed item takes its own row's state along and leaves no state behind.
 */
export function ArrayField({ name, schema, value, path, label, error, Field }: WidgetProps) {
  const { change, rows } = useFieldEnvironment()
  const followMove = useMovedRowFocus()
  const items = (value as unknown[] | undefined) ?? []
  const ids = listItemIds(items)
  const itemSchema = resolve(schema.items ?? {})
  const noun = itemLabel(name)
  const nameOf = (index: number) => `${noun} ${index + 1}`
  const grouped = groupedItems.has(widgetFor(itemSchema, `${label} (its items)`))
  const setItems = (next: unknown[]) => change(path, next.length === 0 && !schema.minItems ? undefined : next)

  return (
    <Fieldset legend={label} variant="filled">
      <Stack gap="sm">
        <FieldsetIntro description={schema.description} error={error} />
        <SortableList ids={ids} nameOf={nameOf} onMove={(from, to) => setItems(moveItem(items, from, to))}>
          {items.map((item, index) => (
            <ArrayItem
              key={ids[index]}
              id={ids[index]!}
              name={nameOf(index)}
              first={index === 0}
              last={index === items.length - 1}
              grouped={grouped}
              onMove={(event, direction) => {
                followMove(event, ids[index]!, direction)
                setItems(moveItem(items, index, direction === 'up' ? index - 1 : index + 1))
              }}
              onRemove={() => setItems(removeItem(items, index))}
            >
              <Field name={name} schema={itemSchema} value={item} path={[...path, index]} label={nameOf(index)} required />
            </ArrayItem>
          ))}
        </SortableList>
        <Button variant="light" onClick={() => setItems(appendNewRow(items, emptyValue(itemSchema), rows))}>
          Add {noun.toLowerCase()}
        </Button>
      </Stack>
    </Fieldset>
  )
}
