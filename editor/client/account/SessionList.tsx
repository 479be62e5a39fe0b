import { List, Text } from '@mantine/core'
import { whenText, type ListedSession } from './account-requests'

/** Where an account is signed in: each session's last activity and address group, this browser's marked. */
export function SessionList({ sessions, label }: { sessions: ListedSession[]; label: string }) {
  if (sessions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Not signed in anywhere.
      </Text>
    )
  return (
    <List size="sm" spacing={2} aria-label={label}>
      {sessions.map((session) => (
        <List.Item key={`${session.createdAt}-${session.lastSeenAt}-${session.address}`}>
          Last active {whenText(session.lastSeenAt)} from {session.address || 'an unknown address'} (signed in {whenText(session.createdAt)})
          {session.current ? ' — this browser' : ''}
        </List.Item>
      ))}
    </List>
  )
}
