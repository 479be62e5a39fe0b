import { Button, Group, TextInput } from '@mantine/core'
import { useState } from 'react'

interface NewEntryInputProps {
  /** The group the entry joins, for the input's label. */
  groupLabel: string
  /** Names already in the group: a second entry of one name would replace the first. */
  taken: string[]
  onAdd(name: string): void
}

/** A name to type and an Add button, for a group of entries named by the author (a form, a mail label). */
export function NewEntryInput({ groupLabel, taken, onAdd }: NewEntryInputProps) {
  const [name, setName] = useState('')
  const trimmed = name.trim()
  const clash = taken.includes(trimmed) ? `${groupLabel} already has an entry named "${trimmed}".` : undefined
  const add = () => {
    if (!trimmed || clash) return
    onAdd(trimmed)
    setName('')
  }
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        size="xs"
        label={`New entry in ${groupLabel.toLowerCase()}`}
        placeholder="Its name"
        value={name}
        error={clash}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            add()
          }
        }}
      />
      <Button size="xs" variant="light" onClick={add} disabled={!trimmed || Boolean(clash)}>
        Add
      </Button>
    </Group>
  )
}
