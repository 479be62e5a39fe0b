import { Group, Image, Select, Stack, Text } from '@mantine/core'
import { PickerUpload } from '../media/PickerUpload'
import { usePickPicture } from '../media/pick-picture'
import { useFieldEnvironment, type WidgetProps } from './field-context'
import { inputFrame } from './basic-inputs.tsx'

/**
 * `"x-editor": "image"`: a picture from public/images/, a searchable list with thumbnails, or a new
 * one uploaded; the chosen one shown below. Picking one also sets the image's width and height.
 */
export function ImageSourcePicker(props: WidgetProps) {
  const { images } = useFieldEnvironment()
  const pick = usePickPicture(props)
  const value = (props.value as string | undefined) ?? null
  const data = value && !images.includes(value) ? [value, ...images] : images
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
            <Image src={option.value} alt="" w={48} h={32} fit="contain" />
            <Text size="sm">{option.value}</Text>
          </Group>
        )}
      />
      <PickerUpload path={props.path} value={value} onUploaded={(image) => pick(image.src, image.size)} />
      {value && <Image src={value} alt={`Preview of ${value}`} h={96} w="auto" fit="contain" radius="sm" bg="gray.1" p={4} />}
    </Stack>
  )
}
