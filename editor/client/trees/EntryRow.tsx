import { ActionIcon, Group, Text, UnstyledButton, type RenderTreeNodePayload } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconChevronDown, IconChevronRight, IconGripVertical, IconIndentDecrease, IconIndentIncrease, type Icon } from '@tabler/icons-react'
import { useId, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import type { TreeEntry } from './entry-tree'
import { moveButtonAnchor, rowAnchor, type RowMove } from '../lists/use-moved-row-focus'

/** What marks an open entry's form, whose keys are the form's own, not the tree's. */
export const ENTRY_FORM_ATTRIBUTE = 'data-entry-form'

interface EntryRowProps {
  entry: TreeEntry
  /** What Mantine's Tree hands each node: the row's props (its indent, its drag and drop) and the drag handle's. */
  node: RenderTreeNodePayload
  open: boolean
  /** The checker's words for the problems of the entry's own fields, shown on its line while it is closed. */
  problems: string[]
  /** Which of the row's moves the schema and the entry's place allow. */
  allowed: Record<RowMove, boolean>
  onToggle(): void
  onStep(event: MouseEvent<HTMLElement>, move: RowMove): void
  /** The open entry's form and buttons. */
  children: ReactNode
}

const STEPS: { move: RowMove; icon: Icon; words: (entry: TreeEntry) => string }[] = [
  { move: 'up', icon: IconArrowUp, words: (entry) => `Move ${entry.name} up` },
  { move: 'down', icon: IconArrowDown, words: (entry) => `Move ${entry.name} down` },
  { move: 'out', icon: IconIndentDecrease, words: (entry) => `Move ${entry.name} out of ${entry.parent?.name ?? 'its parent'}` },
  { move: 'in', icon: IconIndentIncrease, words: (entry) => `Move ${entry.name} under the entry above` },
]

/** Where a link of the entry leads, shown dimmed beside its name. */
const addressOf = (value: unknown) => {
  const to = (value as { to?: unknown } | null)?.to
  return typeof to === 'string' ? to : ''
}

/** Typing in the open entry's form is the form's: the tree's keys (arrows, Space) must not take it. */
const keepKeys = (event: KeyboardEvent) => event.stopPropagation()

/**
 * One entry of a tree as one line: its drag handle, its name (a click, or Enter on the line, opens
 * its form below it) with where it leads, and its moves. The buttons are left out of the Tab order:
 * the tree is one stop, its entries reached with the arrow keys and moved with Alt and an arrow.
 */
export function EntryRow({ entry, node, open, problems, allowed, onToggle, onStep, children }: EntryRowProps) {
  const formId = useId()
  const problemsId = useId()
  const showsProblems = !open && problems.length > 0
  return (
    <>
      <div {...node.elementProps} {...rowAnchor(entry.id)}>
        <Group gap={2} wrap="nowrap" py={1}>
          <ActionIcon size="sm" variant="subtle" color="gray" tabIndex={-1} aria-label={`Drag ${entry.name}`} style={{ cursor: 'grab' }} {...node.dragHandleProps}>
            <IconGripVertical size={14} aria-hidden />
          </ActionIcon>
          {/* The form's box is named by this button (aria-controls): goToField opens it for a field inside. */}
          <UnstyledButton
            tabIndex={-1}
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={formId}
            aria-describedby={showsProblems ? problemsId : undefined}
            style={{ flex: 1, minWidth: 0 }}
          >
            <Group gap={6} wrap="nowrap">
              {open ? <IconChevronDown size={14} aria-hidden style={{ flexShrink: 0 }} /> : <IconChevronRight size={14} aria-hidden style={{ flexShrink: 0 }} />}
              <Text size="sm" fw={500} truncate style={{ flexShrink: 0, maxWidth: '70%' }}>
                {entry.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {addressOf(entry.value)}
              </Text>
            </Group>
          </UnstyledButton>
          {STEPS.map(({ move, icon: StepIcon, words }) => (
            <ActionIcon
              key={move}
              size="sm"
              variant="subtle"
              tabIndex={-1}
              aria-label={words(entry)}
              disabled={!allowed[move]}
              onClick={(event) => {
                // The row's own click would toggle nothing but take the focus to the tree's line.
                event.stopPropagation()
                onStep(event, move)
              }}
              {...moveButtonAnchor(move)}
            >
              <StepIcon size={14} aria-hidden />
            </ActionIcon>
          ))}
        </Group>
        {showsProblems && (
          <Text id={problemsId} size="xs" c="red.8" truncate pl={26}>
            {problems.join(' ')}
          </Text>
        )}
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys typed in the form are kept from the tree's own (arrows, Space); the box itself takes no focus */}
      <div
        id={formId}
        role="group"
        aria-label={`Edit ${entry.name}`}
        hidden={!open}
        onKeyDown={keepKeys}
        {...{ [ENTRY_FORM_ATTRIBUTE]: '' }}
        style={{ paddingInlineStart: 'calc(var(--label-offset) + 26px)', paddingBlock: 'var(--mantine-spacing-xs)', cursor: 'auto', userSelect: 'text' }}
      >
        {children}
      </div>
    </>
  )
}
