import { Button, Group, Stack, Text, Tree, useTree, VisuallyHidden, type TreeNodeData } from '@mantine/core'
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { fieldAnchor } from '../form/field-anchor'
import { problemWords, useFieldEnvironment, useFieldError } from '../form/field-context'
import { FieldsetIntro } from '../form/FieldsetIntro'
import type { JsonSchema } from '../schema/json-schema'
import { listValue } from '../form/list-value'
import { appendNewRow } from '../state/new-rows'
import { isWithin, problemsWithin } from '../form/problems-within'
import { resolve } from '../schema/schema-refs'
import { emptyValue, itemLabel } from '../schema/schemas'
import { listItemIds } from '../state/item-identity'
import { removeItem, type JsonPath } from '../state/json-path'
import { dropSpot, movedEntry, movedWords, refusalOf, stepSpot, type Spot, type TreeTop } from './entry-moves'
import { entriesById, treeEntries, type TreeEntry } from './entry-tree'
import { EntryFields } from './EntryFields'
import { ENTRY_FORM_ATTRIBUTE, EntryRow } from './EntryRow'
import { useMovedRowFocus, type RowMove } from '../lists/use-moved-row-focus'

interface EntryTreeProps {
  /** The list's place in the config: ['navigation', 'items']. */
  path: JsonPath
  /** Its name in the config ("items", "columns"), which names its entries ("Item 3"). */
  name: string
  schema: JsonSchema
  value: unknown
  /** The tree's name for a screen reader: "Header menu". */
  label: string
}

const STEP_KEYS: Record<string, RowMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'in', ArrowLeft: 'out' }
const MOVES: RowMove[] = ['up', 'down', 'in', 'out']

const nodesOf = (entries: TreeEntry[]): TreeNodeData[] =>
  entries.map((entry) => ({ value: entry.id, label: entry.name, ...(entry.entries.length > 0 ? { children: nodesOf(entry.entries) } : {}) }))

/**
 * A list of the config (the header menu, the footer's columns) as a compact tree, as WordPress's
 * Menus screen and Webflow's Navigator show one: a line per entry, an entry's own entries indented
 * under it. Drag an entry by its handle before, after or into another (Mantine's Tree), or move it
 * from the keyboard (Alt and an arrow) or its buttons; a move the schema does not allow (a sub-menu
 * at the top, a column's link made a column) is refused with the reason, read out as a move is.
 * An entry opens to its form, one at a time; every form stays in the page, hidden while closed, so
 * that a problem or a click in the preview (goToField) can open the entry it is about.
 */
export function EntryTree({ path, name, schema, value, label }: EntryTreeProps) {
  const { change, problems, rows } = useFieldEnvironment()
  const error = useFieldError(path)
  const keysId = useId()
  const followMove = useMovedRowFocus()
  const [openId, setOpenId] = useState<string | null>(null)
  const [said, say] = useState('')
  const focusAfterMove = useRef<string | null>(null)
  const treeRef = useRef<HTMLUListElement>(null)
  const items = useMemo(() => (Array.isArray(value) ? value : []), [value])
  const list = resolve(schema)
  const top: TreeTop = useMemo(() => ({ entries: treeEntries(items, list, name), list, name }), [items, list, name])
  const byId = useMemo(() => entriesById(top.entries), [top])
  const nodes = useMemo(() => nodesOf(top.entries), [top])
  // Every branch stays unfolded: a menu is read at a glance, and no entry is ever out of reach.
  const unfolded = useMemo(() => Object.fromEntries([...byId.keys()].map((id) => [id, true])), [byId])
  const tree = useTree({ expandedState: unfolded })

  useLayoutEffect(() => {
    const id = focusAfterMove.current
    focusAfterMove.current = null
    const line = id ? [...(treeRef.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [])].find((item) => item.dataset.value === id) : undefined
    // A line moved by React loses the focus: the moved entry's line takes it back, ringed as a key's focus is.
    line?.setAttribute('data-focus-ring', 'true')
    line?.focus()
  })

  const fullPath = (entry: TreeEntry) => [...path, ...entry.place]
  /** Moves the entry, or says why it stays: the spot is a refusal already when a step leads nowhere. */
  const moveTo = (entry: TreeEntry, spot: Spot | string) => {
    if (typeof spot === 'string') return say(spot)
    const refusal = refusalOf(entry, spot, top)
    if (refusal) return say(refusal)
    change(path, movedEntry(items, entry, spot))
    say(movedWords(entry, spot, top))
  }
  const allowedMoves = (entry: TreeEntry) =>
    Object.fromEntries(
      MOVES.map((move) => {
        const spot = stepSpot(entry, move, top)
        return [move, typeof spot !== 'string' && refusalOf(entry, spot, top) === null]
      }),
    ) as Record<RowMove, boolean>
  const toggle = (entry: TreeEntry) => setOpenId(openId === entry.id ? null : entry.id)

  const onKeyDownCapture = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement
    if (target.closest(`[${ENTRY_FORM_ATTRIBUTE}]`)) return
    const line = target.closest<HTMLElement>('[role="treeitem"]')
    const entry = line && byId.get(line.dataset.value ?? '')
    if (!entry) return
    const move = event.altKey ? STEP_KEYS[event.key] : undefined
    if (move) {
      focusAfterMove.current = entry.id
      moveTo(entry, stepSpot(entry, move, top))
    } else if (event.key === 'Enter' && target === line) toggle(entry)
    else return
    // Before the tree's own keys: Alt and an arrow moves the entry, it does not move the focus.
    event.preventDefault()
    event.stopPropagation()
  }

  const addTo = (listPath: JsonPath, current: unknown[], listSchema: JsonSchema) => {
    const next = appendNewRow(current, emptyValue(resolve(listSchema.items ?? {})), rows)
    change(listPath, next)
    setOpenId(listItemIds(next).at(-1)!)
  }
  const remove = (entry: TreeEntry) => {
    const siblings = (entry.parent?.entries ?? top.entries).map((sibling) => sibling.value)
    change(fullPath(entry).slice(0, -1), listValue(removeItem(siblings, entry.place.at(-1) as number), entry.list))
    say(`${entry.name} removed.`)
  }
  const full = (listSchema: JsonSchema, count: number) => listSchema.maxItems !== undefined && count >= listSchema.maxItems

  const ownProblems = (entry: TreeEntry) => {
    const under = entry.branch && [...fullPath(entry), entry.branch.key]
    // An entry's own entries show their problems on their own lines.
    return problemsWithin(problems, fullPath(entry))
      .filter((problem) => !under || !isWithin(problem.path, under) || problem.path.length === under.length)
      .map(problemWords)
  }

  return (
    // Marked with its place, as a generated field is: a problem about the whole list is taken here.
    <div {...fieldAnchor(path)} style={{ display: 'contents' }}>
      <Stack gap="xs">
        <FieldsetIntro description={list.description} error={error} />
        <Text size="xs" c="dimmed" id={keysId}>
          Click an entry (or press Enter on it) to edit it. Drag it by its handle, or press Alt with ↑ or ↓ to move it, Alt+→ to put it under the entry above, Alt+← to take it out.
        </Text>
        <Tree
          ref={treeRef}
          data={nodes}
          tree={tree}
          levelOffset="md"
          expandOnClick={false}
          expandOnSpace={false}
          withDragHandle
          aria-label={label}
          aria-describedby={keysId}
          onKeyDownCapture={onKeyDownCapture}
          allowDrop={({ draggedNode, targetNode, position }) => {
            const [entry, target] = [byId.get(draggedNode), byId.get(targetNode)]
            return Boolean(entry && target && refusalOf(entry, dropSpot(entry, target, position), top) === null)
          }}
          onDragDrop={({ draggedNode, targetNode, position }) => {
            const [entry, target] = [byId.get(draggedNode), byId.get(targetNode)]
            if (entry && target) moveTo(entry, dropSpot(entry, target, position))
          }}
          renderNode={(node) => {
            const entry = byId.get(node.node.value)!
            const entries = entry.entries.map((child) => child.value)
            return (
              <EntryRow
                entry={entry}
                node={node}
                open={openId === entry.id}
                problems={ownProblems(entry)}
                allowed={allowedMoves(entry)}
                onToggle={() => toggle(entry)}
                onStep={(event, move) => {
                  followMove(event, entry.id, move)
                  moveTo(entry, stepSpot(entry, move, top))
                }}
              >
                <Stack gap="xs">
                  <EntryFields value={entry.value} itemSchema={entry.list.items ?? {}} name={entry.name} path={fullPath(entry)} />
                  <Group gap="xs">
                    {entry.branch && (
                      <Button
                        size="xs"
                        variant="light"
                        disabled={full(entry.branch.list, entries.length)}
                        onClick={() => addTo([...fullPath(entry), entry.branch!.key], entries, entry.branch!.list)}
                      >
                        Add {itemLabel(entry.branch.key).toLowerCase()} to {entry.name}
                      </Button>
                    )}
                    <Button size="xs" variant="subtle" color="red" onClick={() => remove(entry)}>
                      Remove {entry.name}
                      {entries.length > 0 && ` and its ${entries.length} entries`}
                    </Button>
                  </Group>
                </Stack>
              </EntryRow>
            )
          }}
        />
        <VisuallyHidden role="status" aria-live="polite">
          {said}
        </VisuallyHidden>
        <Button variant="light" disabled={full(list, items.length)} onClick={() => addTo(path, items, list)}>
          Add {itemLabel(name).toLowerCase()}
        </Button>
      </Stack>
    </div>
  )
}
