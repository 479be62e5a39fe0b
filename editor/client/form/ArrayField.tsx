import { Button, Fieldset, Stack } from '@mantine/core'
import { useState } from 'react'
import { SortableList } from '../lists/SortableList'
import { useMovedRowFocus } from '../lists/use-moved-row-focus'
import { listItemIds } from '../state/item-identity'
import { moveItem, removeItem } from '../state/json-path'
import { ArrayItem } from './ArrayItem'
import { holdsGroups } from './group-items'
import { problemWords, useFieldEnvironment, type WidgetProps } from './field-context'
import { itemSummary } from './item-summary'
import { listValue } from './list-value'
import { appendNewRow } from '../state/new-rows'
import { problemsWithin } from './problems-within'
import { resolve } from '../schema/schema-refs'
import { emptyValue, itemLabel } from '../schema/schemas'
import { FieldsetIntro } from './FieldsetIntro'

/**
 * A list of more groups than this is folded: each item one line, opened one at a time. Up to
 * this many stay open, so a few cards are filled in without a click each.
 */
const OPEN_GROUPS_MAX = 4

/**
 * A list: each item generated from the item schema, with buttons to add, remove and move items,
 * and a handle to drag one (mouse or keyboard). Rows are keyed by their item's stable id, so a
 * moved or removed item takes its own row's state along and leaves no state behind. A long list of
 * groups (the home page's 49 logos) shows each item as one line with its first words and its
 * problems; one opens at a time, and an item just added opens.
 */
export function ArrayField({ name, schema, value, path, label, error, Field }: WidgetProps) {
  const { change, problems, rows } = useFieldEnvironment()
  const followMove = useMovedRowFocus()
  const [openId, setOpenId] = useState<string | null>(null)
  const items = (value as unknown[] | undefined) ?? []
  const ids = listItemIds(items)
  const itemSchema = resolve(schema.items ?? {})
  const noun = itemLabel(name)
  const nameOf = (index: number) => `${noun} ${index + 1}`
  const grouped = holdsGroups(itemSchema, `${label} (its items)`)
  const folded = grouped && items.length > OPEN_GROUPS_MAX
  const setItems = (next: unknown[]) => change(path, listValue(next, schema))
  const add = () => {
    const next = appendNewRow(items, emptyValue(itemSchema), rows)
    setItems(next)
    setOpenId(listItemIds(next).at(-1)!)
  }

  return (
    <Fieldset legend={label} variant="filled">
      <Stack gap="sm">
        <FieldsetIntro description={schema.description} error={error} />
        <SortableList ids={ids} nameOf={nameOf} onMove={(from, to) => setItems(moveItem(items, from, to))}>
          {items.map((item, index) => {
            const id = ids[index]!
            const open = id === openId
            return (
              <ArrayItem
                key={id}
                id={id}
                name={nameOf(index)}
                first={index === 0}
                last={index === items.length - 1}
                grouped={grouped}
                fold={
                  folded
                    ? {
                        open,
                        summary: itemSummary(item, itemSchema),
                        problems: problemsWithin(problems, [...path, index]).map(problemWords),
                        onToggle: () => setOpenId(open ? null : id),
                      }
                    : undefined
                }
                onMove={(event, direction) => {
                  followMove(event, id, direction)
                  setItems(moveItem(items, index, direction === 'up' ? index - 1 : index + 1))
                }}
                onRemove={() => setItems(removeItem(items, index))}
              >
                <Field name={name} schema={itemSchema} value={item} path={[...path, index]} label={nameOf(index)} required />
              </ArrayItem>
            )
          })}
        </SortableList>
        <Button variant="light" onClick={add}>
          Add {noun.toLowerCase()}
        </Button>
      </Stack>
    </Fieldset>
  )
}
