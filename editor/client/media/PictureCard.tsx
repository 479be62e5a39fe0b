import { Button, Card, Group, Image, List, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { inUseRefusal, type ImageUse } from '../../server/media/image-uses'
import { editorPictureAddress } from '../../server/media/picture-address'
import type { LibraryImage, MediaAnswer } from './media-requests'
import { useNotAllowed } from '../account/use-allowed'

interface PictureCardProps {
  image: LibraryImage
  /** Where the unsaved config uses it. */
  uses: ImageUse[]
  /** The config file's name, for the refusal's words. */
  label: string
  remove(src: string): Promise<MediaAnswer<{ deleted: string }>>
}

const sizeFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 })
const fileSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${sizeFormat.format(bytes / 1024)} KB` : `${sizeFormat.format(bytes / 1024 / 1024)} MB`)

/**
 * One picture of the library: its thumbnail, name, size, where the page uses it, and Delete. A
 * picture in use is not deleted: the card says where it is used (the server, asked to delete
 * anyway, refuses with the same words, and also checks the saved file).
 */
export function PictureCard({ image, uses, label, remove }: PictureCardProps) {
  const [refusal, setRefusal] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const deleteRefused = useNotAllowed('POST', 'media/delete')
  const { src, size, bytes } = image

  const askToDelete = () => {
    const inUse = inUseRefusal(src, uses, { label, uses: [], published: false })
    if (inUse) return setRefusal(inUse)
    setRefusal(null)
    setConfirming(true)
  }
  const deleteForGood = async () => {
    setConfirming(false)
    setBusy(true)
    const answer = await remove(src)
    setBusy(false)
    if (!answer.ok) setRefusal(answer.message)
  }

  return (
    <Card withBorder padding="sm" component="li" aria-label={src} data-testid="picture-card">
      <Card.Section bg="gray.1" p={8}>
        <Image src={editorPictureAddress(src)} alt="" h={80} fit="contain" loading="lazy" />
      </Card.Section>
      <Stack gap={4} mt="xs">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {src}
        </Text>
        <Text size="xs" c="dimmed">
          {size ? `${size.width} × ${size.height} px` : 'size unknown'} · {fileSize(bytes)}
        </Text>
        {uses.length > 0 ? (
          <>
            <Text size="xs">Used at:</Text>
            <List size="xs" spacing={2} aria-label={`Where ${src} is used`}>
              {[...new Set(uses.map((use) => use.where))].map((where) => (
                <List.Item key={where}>{where}</List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="xs" c="dimmed">
            Not used in this config
          </Text>
        )}
        {confirming ? (
          <Stack gap={4} role="group" aria-label={`Delete ${src}?`}>
            <Text size="xs">Delete the file from public/? Undo does not bring it back.</Text>
            <Group gap="xs">
              <Button size="xs" color="red" onClick={() => void deleteForGood()}>
                Delete the file
              </Button>
              {/* The safer answer takes the focus the Delete button had. */}
              <Button size="xs" variant="default" onClick={() => setConfirming(false)} ref={(button) => button?.focus()}>
                Keep it
              </Button>
            </Group>
          </Stack>
        ) : deleteRefused ? (
          <Text size="xs" c="dimmed">
            {deleteRefused}
          </Text>
        ) : (
          <Button size="xs" variant="subtle" color="red" loading={busy} onClick={askToDelete} aria-label={`Delete ${src}`} style={{ alignSelf: 'flex-start' }}>
            Delete
          </Button>
        )}
        {refusal && (
          <Text size="xs" c="red.8" role="alert">
            {refusal}
          </Text>
        )}
      </Stack>
    </Card>
  )
}
