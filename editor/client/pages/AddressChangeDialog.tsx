import { Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'

/** How many places the dialog lists before it says how many more there are. */
const listedPlaces = 8

interface AddressChangeDialogProps {
  /** The address now and the one asked for; null while no change is asked. */
  change: { from: string; to: string } | null
  /** Where the links to the old address are, in words. */
  linkPlaces: string[]
  /** Whether the page answers to the old address anyway (a change of letter case, an alias in another case). */
  oldStillReached: boolean
  onConfirm(options: { updateLinks: boolean; keepOldAddress: boolean }): void
  onCancel(): void
}

/**
 * Asks before a page's address changes: whether to point the links to it at the new address
 * (listing where they are), and whether to keep the old one as an alias, so links from elsewhere
 * and bookmarks still lead to the page. Both are ticked to start with.
 */
export function AddressChangeDialog({ change, linkPlaces, oldStillReached, onConfirm, onCancel }: AddressChangeDialogProps) {
  const [updateLinks, setUpdateLinks] = useState(true)
  const [keepOldAddress, setKeepOldAddress] = useState(true)
  const count = linkPlaces.length
  return (
    <Modal opened={change !== null} onClose={onCancel} title="Change the page’s address" size="lg" closeButtonProps={{ 'aria-label': 'Cancel' }}>
      {change && (
        <Stack gap="md">
          <Text size="sm">
            From <strong>{change.from}</strong> to <strong>{change.to}</strong>.
          </Text>
          {count > 0 ? (
            <Stack gap={6}>
              <Checkbox
                label={`Update the ${count === 1 ? 'link' : `${count} links`} to ${change.from}`}
                checked={updateLinks}
                onChange={(event) => setUpdateLinks(event.currentTarget.checked)}
              />
              <List size="sm" withPadding aria-label={`Links to ${change.from}`}>
                {linkPlaces.slice(0, listedPlaces).map((place, index) => (
                  <List.Item key={index}>{place}</List.Item>
                ))}
                {count > listedPlaces && <List.Item>and {count - listedPlaces} more</List.Item>}
              </List>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              No link in the site leads to {change.from}.
            </Text>
          )}
          {!oldStillReached && (
            <Checkbox
              label={`Keep ${change.from} as an alias, so links from other sites and bookmarks still lead here`}
              checked={keepOldAddress}
              onChange={(event) => setKeepOldAddress(event.currentTarget.checked)}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={() => onConfirm({ updateLinks, keepOldAddress })}>Change address</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
