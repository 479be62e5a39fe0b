import { ActionIcon, Group, Paper, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconChevronDown, IconChevronRight, IconGripVertical, IconTrash } from '@tabler/icons-react'
import { useId, type MouseEvent, type ReactNode } from 'react'
import { useSortableRow } from '../lists/SortableList'
import { moveButtonAnchor, rowAnchor } from '../lists/use-moved-row-focus'

/** An item of a long list, folded to one line until it is opened. */
interface ItemFold {
  open: boolean
  /** Its first words (item-summary.ts), beside its name. */
  summary: string
  /** The checker's words for the problems inside it, shown on its line while it is closed. */
  problems: string[]
  onToggle(): void
}

interface ArrayItemProps {
  /** The item's stable id: its row's key, drag id and anchor. */
  id: string
  /** "Card 2", as its field is labelled. */
  name: string
  first: boolean
  last: boolean
  /** An object or alternatives item is a group of its own below the buttons; any other sits beside them. */
  grouped: boolean
  /** Given in a long list: the item is one line, its field shown only while it is open. */
  fold?: ItemFold
  onMove(event: MouseEvent<HTMLElement>, direction: 'up' | 'down'): void
  onRemove(): void
  /** The item's field. */
  children: ReactNode
}

/** One row of a list field: a drag handle, the item's field, and buttons to move it up or down and remove it. */
export function ArrayItem({ id, name, first, last, grouped, fold, onMove, onRemove, children }: ArrayItemProps) {
  const { rowRef, rowStyle, handleProps } = useSortableRow(id)
  const bodyId = useId()
  const problemsId = useId()
  const showsProblems = fold && !fold.open && fold.problems.length > 0
  return (
    <Paper ref={rowRef} style={rowStyle} withBorder p="xs" {...rowAnchor(id)}>
      <Group justify="space-between" mb={grouped && !fold ? 'xs' : 0} wrap="nowrap" align={fold ? 'center' : 'flex-start'}>
        <ActionIcon variant="subtle" color="gray" aria-label={`Drag ${name} to reorder`} style={{ cursor: 'grab' }} {...handleProps}>
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        {fold ? (
          // The field's box is named by this button (aria-controls): goToField opens it for a field inside.
          <UnstyledButton
            onClick={fold.onToggle}
            aria-expanded={fold.open}
            aria-controls={bodyId}
            aria-describedby={showsProblems ? problemsId : undefined}
            style={{ flex: 1, minWidth: 0 }}
          >
            <Group gap={6} wrap="nowrap">
              {fold.open ? <IconChevronDown size={16} aria-hidden style={{ flexShrink: 0 }} /> : <IconChevronRight size={16} aria-hidden style={{ flexShrink: 0 }} />}
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {name}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {fold.summary}
              </Text>
            </Group>
          </UnstyledButton>
        ) : (
          // An object item's own group, titled with its name, comes below.
          <div style={{ flex: 1, minWidth: 0 }}>{!grouped && children}</div>
        )}
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
      {showsProblems && (
        <Text id={problemsId} size="xs" c="red.8" mt={4} lineClamp={2}>
          {fold.problems.join(' ')}
        </Text>
      )}
      {fold ? (
        <div id={bodyId} hidden={!fold.open} style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
          {children}
        </div>
      ) : (
        grouped && children
      )}
    </Paper>
  )
}
