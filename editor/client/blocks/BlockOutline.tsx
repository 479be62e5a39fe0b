import { ActionIcon, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconCopy, IconGripVertical, IconTrash } from '@tabler/icons-react'
import type { MouseEvent } from 'react'
import type { Block } from '../../../site/generated/site-config'
import { SortableList, useSortableRow } from '../lists/SortableList'
import { moveButtonAnchor, rowAnchor, useMovedRowFocus } from '../lists/use-moved-row-focus'
import { listItemIds } from '../state/item-identity'
import { blockName, blockSummary } from '../schema/block-names'

interface BlockOutlineProps {
  blocks: Block[]
  selected: number | null
  onSelect(index: number): void
  onMove(from: number, to: number): void
  onDuplicate(index: number): void
  onRemove(index: number): void
}

/**
 * The page's blocks in order: drag a row by its handle (mouse or keyboard) or use the arrow
 * buttons. Rows are keyed by each block's stable id, so a row's state moves with its block.
 */
export function BlockOutline({ blocks, selected, onSelect, onMove, onDuplicate, onRemove }: BlockOutlineProps) {
  const followMove = useMovedRowFocus()
  const ids = listItemIds(blocks)
  return (
    <SortableList ids={ids} nameOf={(index) => (blocks[index] ? blockName(blocks[index], index) : 'the block')} onMove={onMove}>
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Blocks of this page">
        {blocks.map((block, index) => (
          <BlockRow
            key={ids[index]}
            id={ids[index]!}
            block={block}
            index={index}
            count={blocks.length}
            selected={selected === index}
            onMoveBy={(event, direction) => {
              followMove(event, ids[index]!, direction)
              onMove(index, direction === 'up' ? index - 1 : index + 1)
            }}
            {...{ onSelect, onDuplicate, onRemove }}
          />
        ))}
      </Stack>
    </SortableList>
  )
}

interface BlockRowProps extends Pick<BlockOutlineProps, 'onSelect' | 'onDuplicate' | 'onRemove'> {
  id: string
  block: Block
  index: number
  count: number
  selected: boolean
  onMoveBy(event: MouseEvent<HTMLElement>, direction: 'up' | 'down'): void
}

function BlockRow({ id, block, index, count, selected, onSelect, onMoveBy, onDuplicate, onRemove }: BlockRowProps) {
  const { rowRef, rowStyle, handleProps } = useSortableRow(id)
  const name = blockName(block, index)
  return (
    <Paper
      component="li"
      ref={rowRef}
      withBorder
      p={6}
      bg={selected ? 'blue.0' : undefined}
      style={{ ...rowStyle, borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined }}
      data-testid="block-row"
      {...rowAnchor(id)}
    >
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" aria-label={`Drag ${name} to reorder`} style={{ cursor: 'grab' }} {...handleProps}>
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
        <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={index === 0} onClick={(event) => onMoveBy(event, 'up')} {...moveButtonAnchor('up')}>
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={(event) => onMoveBy(event, 'down')} {...moveButtonAnchor('down')}>
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
