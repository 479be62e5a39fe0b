import { Group, Image, Select, Stack, Text } from '@mantine/core'
import { useSyncExternalStore } from 'react'
import { editorPictureAddress } from '../../server/media/picture-address'
import { PickerUpload } from './PickerUpload'
import { usePickPicture } from './pick-picture'
import { useFieldEnvironment, type WidgetProps } from './field-context'
import { inputFrame } from './basic-inputs.tsx'

const WHITE = '#ffffff'
const noChanges = () => () => {}

/**
 * `"x-editor": "image"`: a picture from public/images/, a searchable list with thumbnails, or a new
 * one uploaded; the chosen one shown below. Picking one also sets the image's width and height.
 * The pictures are shown from the editor's library (picture-address.ts), so one just uploaded
 * shows at once, and on the tone of the section they will be on (a logo for a tinted strip on
 * that tint).
 */
export function ImageSourcePicker(props: WidgetProps) {
  const { images, pictures } = useFieldEnvironment()
  const pick = usePickPicture(props)
  const backdrop = useSyncExternalStore(pictures?.onConfigChange ?? noChanges, () => pictures?.backdropAt(props.path) ?? WHITE)
  const value = (props.value as string | undefined) ?? null
  const data = value && !images.includes(value) ? [value, ...images] : images
  const onBackdrop = { background: backdrop, border: '1px solid var(--mantine-color-gray-3)' }
  return (
    <Stack gap={6}>
      <Select
        {...inputFrame(props)}
        searchable
        data={data}
        value={value}
        onChange={(src) => pick(src)}
        maxDropdownHeight={320}
        renderOption={({ option }) => (
          <Group gap="sm" wrap="nowrap">
            <Image src={editorPictureAddress(option.value)} alt="" w={48} h={32} fit="contain" radius="xs" style={onBackdrop} />
            <Text size="sm">{option.value}</Text>
          </Group>
        )}
      />
      <PickerUpload path={props.path} value={value} onUploaded={(image) => pick(image.src, image.size)} />
      {value && <Image src={editorPictureAddress(value)} alt={`Preview of ${value}`} h={96} w="auto" fit="contain" radius="sm" p={4} style={onBackdrop} />}
    </Stack>
  )
}
