import '@mantine/dropzone/styles.css'
import { Button, Group, List, Select, Stack, Text } from '@mantine/core'
import { Dropzone, type FileRejection } from '@mantine/dropzone'
import { IconPhotoUp } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { maxUploadBytes } from '../../server/media/upload-body'
import type { PictureKind } from '../../server/media/picture-kinds'
import { acceptedTypes } from './accepted-types'
import { folderLabel } from './folder-label'
import type { MediaAnswer, LibraryImage } from './media-requests'

interface UploadZoneProps {
  folders: string[]
  kindOf(folder: string): PictureKind
  upload(file: File, folder: string, kind: PictureKind): Promise<MediaAnswer<{ image: LibraryImage; notes: string[] }>>
}

interface Outcome {
  name: string
  ok: boolean
  message: string
}

const megabytes = maxUploadBytes / 1024 / 1024

/** Pictures dropped here, or chosen with the button, are uploaded one by one into the chosen folder; each file's outcome is listed. */
export function UploadZone({ folders, kindOf, upload }: UploadZoneProps) {
  const [folder, setFolder] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [outcomes, setOutcomes] = useState<Outcome[]>([])
  const openFiles = useRef<() => void>(null)
  const target = folder ?? folders.find((name) => name !== '') ?? ''

  const send = async (files: File[]) => {
    setBusy(true)
    const results: Outcome[] = []
    for (const file of files) {
      const answer = await upload(file, target, kindOf(target))
      results.push(
        answer.ok
          ? { name: file.name, ok: true, message: [`Uploaded as ${answer.image.src}.`, ...answer.notes].join(' ') }
          : { name: file.name, ok: false, message: answer.message },
      )
    }
    setOutcomes(results)
    setBusy(false)
  }
  const refuse = (rejections: FileRejection[]) =>
    setOutcomes(
      rejections.map(({ file, errors }) => ({
        name: file.name,
        ok: false,
        message: errors.some((error) => error.code === 'file-too-large')
          ? `It is larger than ${megabytes} MB: export it smaller and try again.`
          : 'It is not a PNG, JPEG, WebP, AVIF or SVG picture.',
      })),
    )

  return (
    <Stack gap="xs">
      <Select
        label="Upload into"
        data={folders.map((name) => ({ value: name, label: folderLabel(name) }))}
        value={target}
        allowDeselect={false}
        onChange={setFolder}
        description="Logos and pictures are stored no larger than the site shows them, at twice that size for sharp screens."
      />
      <Dropzone onDrop={(files) => void send(files)} onReject={refuse} accept={acceptedTypes} maxSize={maxUploadBytes} openRef={openFiles} activateOnClick={false} loading={busy}>
        <Group gap="sm" wrap="nowrap" mih={72} style={{ pointerEvents: 'none' }}>
          <IconPhotoUp size={32} aria-hidden />
          <Text size="sm">Drop pictures here (PNG, JPEG, WebP, AVIF or SVG, up to {megabytes} MB each), or choose them with the button.</Text>
        </Group>
      </Dropzone>
      <Button variant="default" onClick={() => openFiles.current?.()} loading={busy} style={{ alignSelf: 'flex-start' }}>
        Choose pictures to upload…
      </Button>
      {outcomes.length > 0 && (
        <List size="sm" spacing={4} aria-label="Upload results" aria-live="polite">
          {outcomes.map((outcome, index) => (
            <List.Item key={index} c={outcome.ok ? undefined : 'red.8'}>
              <strong>{outcome.name}</strong>: {outcome.ok ? '' : 'not uploaded. '}
              {outcome.message}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  )
}
