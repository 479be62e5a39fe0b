import { Group, Select, Text } from '@mantine/core'
import { icons } from '../../../kit/icons'
import type { IconName } from '../../../site/generated/site-config'
import { useFieldEnvironment, type WidgetProps } from './field-context'
import { inputFrame } from './basic-inputs.tsx'

function IconPreview({ name, size = 20 }: { name: string; size?: number }) {
  const Icon = icons[name as IconName]
  return Icon ? <Icon size={size} stroke={1.6} aria-hidden /> : null
}

/** `"x-editor": "icon"`: the site's icon set (kit/icons.ts) as a searchable list that shows each icon beside its name. */
export function IconSelect(props: WidgetProps) {
  const { change } = useFieldEnvironment()
  const value = (props.value as string | undefined) ?? null
  return (
    <Select
      {...inputFrame(props)}
      searchable
      clearable={!props.required}
      data={(props.schema.enum ?? Object.keys(icons)).map(String)}
      value={value}
      onChange={(icon) => change(props.path, icon ?? undefined)}
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
