import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { ReactNode } from 'react'

interface SortableListProps {
  /** The rows' stable ids (item-identity.ts), in order. */
  ids: string[]
  /** A row's name as the form shows it ("Card 2"), for what a screen reader hears during a drag. */
  nameOf(index: number): string
  onMove(from: number, to: number): void
  children: ReactNode
}

/**
 * A list whose rows are dragged by a handle, with the mouse or the keyboard (Space or Enter to
 * pick up, the arrow keys to move, Space to drop, Escape to cancel), as dnd-kit's sortable preset
 * does it; each row uses useSortableRow. A screen reader hears the rows by their names.
 */
export function SortableList({ ids, nameOf, onMove, children }: SortableListProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id))
  const named = (id: UniqueIdentifier) => nameOf(position(id))
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${named(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${named(active.id)} is over position ${position(over.id) + 1} of ${ids.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${named(active.id)} was dropped at position ${position(over.id) + 1} of ${ids.length}.` : `${named(active.id)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${named(active.id)} was cancelled; it is back where it was.`,
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(position(active.id), position(over.id))
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To move this row, press Space or Enter, move it with the arrow keys, then press Space to drop it or Escape to cancel.' },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  )
}

/** One row of a SortableList: the ref and style of the row, and the props of its drag handle. */
export function useSortableRow(id: string) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id })
  return {
    rowRef: setNodeRef,
    rowStyle: { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 },
    handleProps: { ref: setActivatorNodeRef, ...attributes, ...listeners },
  }
}
