import { Group, Image, Select, Stack, Text } from '@mantine/core'
import { useFieldEnvironment } from './field-context'

interface ImageSourcePickerProps {
  label: string
  description?: string
  error?: string
  required?: boolean
  value: string | null
  onChange(src: string | null): void
}

/** A picture from public/images/: a searchable list with thumbnails, and the chosen one shown below. */
export function ImageSourcePicker({ value, onChange, ...field }: ImageSourcePickerProps) {
  const { images } = useFieldEnvironment()
  const data = value && !images.includes(value) ? [value, ...images] : images
  return (
    <Stack gap={6}>
      <Select
        {...field}
        searchable
        data={data}
        value={value}
        onChange={onChange}
        maxDropdownHeight={320}
        renderOption={({ option }) => (
          <Group gap="sm" wrap="nowrap">
            <Image src={option.value} alt="" w={48} h={32} fit="contain" />
            <Text size="sm">{option.value}</Text>
          </Group>
        )}
      />
      {value && <Image src={value} alt={`Preview of ${value}`} h={96} w="auto" fit="contain" radius="sm" bg="gray.1" p={4} />}
    </Stack>
  )
}
