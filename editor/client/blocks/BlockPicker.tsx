import { Button, Modal, Paper, SimpleGrid, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import { blockSchemas } from '../schema/schemas'
import { blockTypeName } from '../schema/block-names'

/** "Add block": every block type with its schema's description, to pick one. */
export function BlockPicker({ onPick }: { onPick(type: string): void }) {
  const [opened, setOpened] = useState(false)
  const [search, setSearch] = useState('')
  const wanted = search.trim().toLowerCase()
  const types = Object.entries(blockSchemas).filter(([type, schema]) => !wanted || `${type} ${blockTypeName(type)} ${schema.description}`.toLowerCase().includes(wanted))
  return (
    <>
      <Button onClick={() => setOpened(true)} fullWidth variant="light">
        Add block
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Add a block" size="xl">
        <TextInput label="Search block types" value={search} onChange={(event) => setSearch(event.currentTarget.value)} mb="md" data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {types.map(([type, schema]) => (
            <UnstyledButton
              key={type}
              onClick={() => {
                onPick(type)
                setOpened(false)
              }}
            >
              <Paper withBorder p="sm" h="100%">
                <Text fw={600}>{blockTypeName(type)}</Text>
                <Text size="sm" c="dimmed">
                  {schema.description}
                </Text>
              </Paper>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Modal>
    </>
  )
}
