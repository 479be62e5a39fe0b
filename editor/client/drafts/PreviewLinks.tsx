import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { LinkToSend } from '../account/LinkToSend'
import { listPreviewLinks, makePreviewLink, revokePreviewLink, type ListedPreviewLink } from '../api/draft-api'

const when = (at: string) => new Date(at).toLocaleString()

/** Where a link stands, as its row says it. */
const linkState = (link: ListedPreviewLink) =>
  link.revokedAt ? `Revoked ${when(link.revokedAt)}` : Date.parse(link.expiresAt) <= Date.now() ? 'Expired' : `Open until ${when(link.expiresAt)}`

/**
 * The open draft's preview links: make one (its address shown this once, with Copy and its
 * expiry: the server keeps only its hash), and the draft's links with who made them, until when
 * they work, and Revoke. Keyed by the draft where it is used: another draft starts it afresh.
 */
export function PreviewLinks({ draftId, flush }: { draftId: string; flush(): Promise<boolean> }) {
  const [links, setLinks] = useState<ListedPreviewLink[]>()
  const [made, setMade] = useState<{ url: string; expiresAt: string } | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const unreachable = () => setRefusal('The server cannot be reached; nothing was changed. Try again once it answers.')
  const load = useCallback(
    () =>
      void listPreviewLinks(draftId).then((answer) => {
        if (answer.status === 200) setLinks(answer.body.links)
        else setRefusal(answer.body.message ?? `Loading the preview links failed (${answer.status}).`)
      }, unreachable),
    [draftId],
  )
  useEffect(load, [load])

  async function make() {
    // The link shows the draft as the server has it: the last edits go first.
    await flush()
    const answer = await makePreviewLink(draftId).catch(() => undefined)
    if (!answer) return unreachable()
    if (answer.status !== 201) return setRefusal(answer.body.message ?? `Making a preview link failed (${answer.status}).`)
    setRefusal(null)
    setMade({ url: answer.body.url, expiresAt: answer.body.link.expiresAt })
    load()
  }

  async function revoke(link: string) {
    const answer = await revokePreviewLink(draftId, link).catch(() => undefined)
    if (!answer) return unreachable()
    setRefusal(answer.status === 200 ? null : (answer.body.message ?? `Revoking failed (${answer.status}).`))
    load()
  }

  const open = links?.filter((link) => !link.revokedAt) ?? []
  return (
    <Stack gap={4} aria-label="Preview links" component="section">
      <Group gap={4}>
        <Button size="compact-sm" variant="default" onClick={() => void make()}>
          Make a preview link
        </Button>
        {links && links.length > 0 && (
          <Text size="xs" c="dimmed">
            {open.length === 1 ? 'One link not revoked' : `${open.length} links not revoked`}
          </Text>
        )}
      </Group>
      {made && (
        <Alert color="green" role="status" title="A preview link to this draft" withCloseButton onClose={() => setMade(null)} closeButtonLabel="Dismiss">
          <Text size="sm">Anyone with it sees the draft’s site, read-only, until {when(made.expiresAt)} or until it is revoked. It is shown only now: copy it.</Text>
          <LinkToSend link={made.url} testId="preview-link" />
        </Alert>
      )}
      {links && links.length > 0 && (
        <Table aria-label="The draft's preview links">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Made by</Table.Th>
              <Table.Th>Made</Table.Th>
              <Table.Th>Works</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...links].reverse().map((link) => (
              <Table.Tr key={link.id}>
                <Table.Td>{link.createdBy}</Table.Td>
                <Table.Td>{when(link.createdAt)}</Table.Td>
                <Table.Td>{linkState(link)}</Table.Td>
                <Table.Td>
                  {!link.revokedAt && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => void revoke(link.id)} aria-label={`Revoke the link made ${when(link.createdAt)}`}>
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {refusal && (
        <Text size="sm" c="red.8" role="alert">
          {refusal}
        </Text>
      )}
    </Stack>
  )
}
