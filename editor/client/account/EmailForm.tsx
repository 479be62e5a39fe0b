import { Button, Group, TextInput } from '@mantine/core'
import { useState } from 'react'

/** As the server bounds an address. */
const LONGEST_ADDRESS = 254

/**
 * An account's e-mail address, where the editor mails it (a draft to review, a draft sent back):
 * typed and saved, or emptied and saved to clear it. The server checks it and says what is wrong.
 * Keyed by the saved address where it is used, so a saved change starts the field afresh.
 */
export function EmailForm({ label, current, onSave }: { label: string; current: string | null; onSave(email: string): Promise<void> }) {
  const [email, setEmail] = useState(current ?? '')
  const unchanged = email.trim() === (current ?? '')
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        void onSave(email)
      }}
    >
      <Group gap="xs" align="flex-end">
        <TextInput
          size="xs"
          type="email"
          label={label}
          description="Mail about drafts to review and drafts sent back goes here; empty: none."
          placeholder="name@example.com"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          maxLength={LONGEST_ADDRESS}
          w={300}
        />
        <Button size="xs" variant="default" type="submit" disabled={unchanged}>
          {email.trim() || !current ? 'Save address' : 'Clear address'}
        </Button>
      </Group>
    </form>
  )
}
