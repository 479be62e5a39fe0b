import { ActionIcon, Group, Paper } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react'
import type { MouseEvent, ReactNode } from 'react'
import { useSortableRow } from '../lists/SortableList'
import { moveButtonAnchor, rowAnchor } from '../lists/use-moved-row-focus'

interface ArrayItemProps {
  /** The item's stable id: its row's key, drag id and anchor. */
  id: string
  /** "Card 2", as its field is labelled. */
  name: string
  first: boolean
  last: boolean
  /** An object or alternatives item is a group of its own below the buttons; any other sits beside them. */
  grouped: boolean
  onMove(event: MouseEvent<HTMLElement>, direction: 'up' | 'down'): void
  onRemove(): void
  /** The item's field. */
  children: ReactNode
}

/** One row of a list field: a drag handle, the item's field, and buttons to move it up or down and remove it. */
export function ArrayItem({ id, name, first, last, grouped, onMove, onRemove, children }: ArrayItemProps) {
  const { rowRef, rowStyle, handleProps } = useSortableRow(id)
  return (
    <Paper ref={rowRef} style={rowStyle} withBorder p="xs" {...rowAnchor(id)}>
      <Group justify="space-between" mb={grouped ? 'xs' : 0} wrap="nowrap" align="flex-start">
        <ActionIcon variant="subtle" color="gray" aria-label={`Drag ${name} to reorder`} style={{ cursor: 'grab' }} {...handleProps}>
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        {/* An object item's own group, titled with its name, comes below. */}
        <div style={{ flex: 1, minWidth: 0 }}>{!grouped && children}</div>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={first} onClick={(event) => onMove(event, 'up')} {...moveButtonAnchor('up')}>
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label={`Move ${name} down`} disabled={last} onClick={(event) => onMove(event, 'down')} {...moveButtonAnchor('down')}>
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      {grouped && children}
    </Paper>
  )
}
