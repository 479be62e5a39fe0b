import { Group, Select, Text } from '@mantine/core'
import { icons } from '../../../kit/icons'
import type { IconName } from '../../../site/generated/site-config'

interface IconSelectProps {
  label: string
  description?: string
  error?: string
  required?: boolean
  value: string | null
  options: string[]
  onChange(icon: string | null): void
}

function IconPreview({ name, size = 20 }: { name: string; size?: number }) {
  const Icon = icons[name as IconName]
  return Icon ? <Icon size={size} stroke={1.6} aria-hidden /> : null
}

/** The site's icon set (kit/icons.ts) as a searchable list that shows each icon beside its name. */
export function IconSelect({ value, options, onChange, ...field }: IconSelectProps) {
  return (
    <Select
      {...field}
      searchable
      clearable={!field.required}
      data={options}
      value={value}
      onChange={onChange}
      maxDropdownHeight={320}
      leftSection={value ? <IconPreview name={value} /> : undefined}
      renderOption={({ option }) => (
        <Group gap="sm" wrap="nowrap">
          <IconPreview name={option.value} size={22} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
    />
  )
}
