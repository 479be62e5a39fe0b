import { Alert, Anchor, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { auditCsvAddress, loadAuditPage, NO_FILTERS, type AuditFilters } from './audit-requests'
import { eventInWords, KNOWN_EVENTS, otherDetails, type AuditEntry } from './audit-words'

/** In the browser's own time zone and language. */
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/**
 * The audit trail, for admins (the server refuses everyone else whatever the editor shows): who
 * signed in, published, restored or changed an account, from where and when, newest first,
 * filtered by account, event, address and days, and downloaded as CSV as the filters show it.
 */
export function AuditScreen() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS)
  // Typing a name asks once it pauses, not at every key.
  const [asked] = useDebouncedValue(filters, 300)
  const [entries, setEntries] = useState<AuditEntry[] | null>(null)
  const [next, setNext] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let current = true
    loadAuditPage(asked).then(
      (page) => {
        if (!current) return
        setEntries(page.entries)
        setNext(page.next)
        setProblem(undefined)
      },
      (error: unknown) => {
        if (!current) return
        setProblem(error instanceof Error ? error.message : String(error))
      },
    )
    return () => {
      current = false
    }
  }, [asked])

  async function loadMore() {
    if (!next) return
    setBusy(true)
    try {
      const page = await loadAuditPage(asked, next)
      setEntries((shown) => [...(shown ?? []), ...page.entries])
      setNext(page.next)
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  const set = (change: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...change }))
  const events = [
    ...KNOWN_EVENTS,
    ...[...new Set(entries?.map((entry) => entry.event))].filter((event) => !KNOWN_EVENTS.some(([known]) => known === event)).map((event) => [event, event] as const),
  ]

  return (
    <Stack gap="sm" component="section" aria-label="Audit trail">
      <Title order={2} size="h4">
        Audit trail
      </Title>
      <Text size="sm" c="dimmed">
        Who signed in, published, restored or changed an account, from which address and when (in your time zone). Only admins see this.
      </Text>
      <Group align="end" gap="sm">
        <TextInput label="Account" value={filters.account} onChange={(event) => set({ account: event.currentTarget.value })} w={160} />
        <Select
          label="Event"
          placeholder="All events"
          data={events.map(([value, label]) => ({ value, label }))}
          value={filters.event}
          onChange={(event) => set({ event })}
          clearable
          w={200}
        />
        <TextInput label="Address" description="or its start" value={filters.address} onChange={(event) => set({ address: event.currentTarget.value })} w={150} />
        <TextInput label="From" type="date" value={filters.fromDay} onChange={(event) => set({ fromDay: event.currentTarget.value })} />
        <TextInput label="To" type="date" value={filters.toDay} onChange={(event) => set({ toDay: event.currentTarget.value })} />
        <Anchor href={auditCsvAddress(asked)} download="audit-trail.csv">
          Download CSV
        </Anchor>
      </Group>
      {problem && (
        <Alert color="red" role="alert" title="The audit trail could not be read">
          {problem}
        </Alert>
      )}
      {entries && entries.length === 0 && <Text size="sm">No event matches these filters.</Text>}
      {entries && entries.length > 0 && (
        <Table striped withTableBorder aria-label="Audit events" aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Address</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
                </Table.Td>
                <Table.Td>{entry.account}</Table.Td>
                <Table.Td>
                  {eventInWords(entry)}
                  {otherDetails(entry) && (
                    <Text size="xs" c="dimmed">
                      {otherDetails(entry)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{entry.address}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {next && (
        <Button variant="default" onClick={() => void loadMore()} loading={busy} w="fit-content">
          Show older events
        </Button>
      )}
    </Stack>
  )
}
