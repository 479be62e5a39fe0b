import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ActionIcon, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconCopy, IconGripVertical, IconTrash } from '@tabler/icons-react'
import type { Block } from '../../../site/generated/site-config'
import { blockSummary, blockTypeName } from './block-names'

interface BlockOutlineProps {
  blocks: Block[]
  selected: number | null
  onSelect(index: number): void
  onMove(from: number, to: number): void
  onDuplicate(index: number): void
  onRemove(index: number): void
}

const idOf = (index: number) => `block-${index}`

/** The page's blocks in order: drag a row by its handle (mouse or keyboard) or use the arrow buttons. */
export function BlockOutline({ blocks, selected, onSelect, onMove, onDuplicate, onRemove }: BlockOutlineProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const ids = blocks.map((_, index) => idOf(index))
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)))
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Blocks of this page">
          {blocks.map((block, index) => (
            <BlockRow
              key={idOf(index)}
              id={idOf(index)}
              block={block}
              index={index}
              count={blocks.length}
              selected={selected === index}
              {...{ onSelect, onMove, onDuplicate, onRemove }}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  )
}

interface BlockRowProps extends Omit<BlockOutlineProps, 'blocks' | 'selected'> {
  id: string
  block: Block
  index: number
  count: number
  selected: boolean
}

function BlockRow({ id, block, index, count, selected, onSelect, onMove, onDuplicate, onRemove }: BlockRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id })
  const name = `${index + 1}. ${blockTypeName(block.type)}`
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      p={6}
      bg={selected ? 'blue.0' : undefined}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1, borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined }}
      data-testid="block-row"
    >
      <Group gap={4} wrap="nowrap">
        <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" aria-label={`Drag ${name} to reorder`} style={{ cursor: 'grab' }} {...attributes} {...listeners}>
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <UnstyledButton onClick={() => onSelect(index)} aria-pressed={selected} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {blockSummary(block)}
          </Text>
        </UnstyledButton>
        <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label={`Duplicate ${name}`} onClick={() => onDuplicate(index)}>
          <IconCopy size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => onRemove(index)}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  )
}
