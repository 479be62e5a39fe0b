import { Button, Menu, Text } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { useFieldEnvironment } from './field-context'
import type { JsonPath } from '../state/json-path'
import { folderLabel, folderOf } from '../media/folder-label'
import type { LibraryImage } from '../media/media-requests'
import { acceptedTypes } from '../media/accepted-types'

interface PickerUploadProps {
  /** The image field's path (its `src`). */
  path: JsonPath
  /** The picture the field shows now: its folder is offered first. */
  value: string | null
  onUploaded(image: LibraryImage): void
}

type Status = { kind: 'idle' } | { kind: 'busy'; name: string } | { kind: 'done' | 'refused'; message: string }

/** "Upload…" beside an image field: a folder of the library, then a file, which is uploaded and picked. */
export function PickerUpload({ path, value, onUploaded }: PickerUploadProps) {
  const { pictures } = useFieldEnvironment()
  const input = useRef<HTMLInputElement>(null)
  const folder = useRef('')
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  if (!pictures) return null
  const current = value ? folderOf(value) : undefined
  const folders = [...pictures.folders].sort((a, b) => Number(b === current) - Number(a === current))

  const send = async (file: File) => {
    setStatus({ kind: 'busy', name: file.name })
    const answer = await pictures.upload(file, folder.current, pictures.kindAt(path.slice(0, -1)))
    if (!answer.ok) return setStatus({ kind: 'refused', message: `${file.name} was not uploaded: ${answer.message}` })
    onUploaded(answer.image)
    setStatus({ kind: 'done', message: `Uploaded and picked ${answer.image.src}. ${answer.notes.join(' ')}` })
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={acceptedTypes.join(',')}
        hidden
        data-testid="picker-upload-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          event.currentTarget.value = ''
          if (file) void send(file)
        }}
      />
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs" leftSection={<IconUpload size={14} aria-hidden />} loading={status.kind === 'busy'} style={{ alignSelf: 'flex-start' }}>
            Upload…
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Upload into</Menu.Label>
          {folders.length === 0 && (
            <Menu.Item disabled>{pictures.unavailable ? 'The picture folders could not be loaded: reload the editor to upload.' : 'Loading the picture folders…'}</Menu.Item>
          )}
          {folders.map((name) => (
            <Menu.Item
              key={name}
              onClick={() => {
                folder.current = name
                input.current?.click()
              }}
            >
              {folderLabel(name)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {(status.kind === 'done' || status.kind === 'refused') && (
        <Text size="xs" c={status.kind === 'refused' ? 'red.8' : 'dimmed'} role={status.kind === 'refused' ? 'alert' : 'status'}>
          {status.message}
        </Text>
      )}
    </>
  )
}
