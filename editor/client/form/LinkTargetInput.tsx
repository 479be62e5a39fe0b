import { Autocomplete } from '@mantine/core'
import { useFieldEnvironment, type WidgetProps } from './field-context'
import { inputFrame, useSetText } from './basic-inputs.tsx'

/** `"x-editor": "link"`: where a link leads, the site's pages to pick from, or any address typed in (https://, mailto:, tel:). */
export function LinkTargetInput(props: WidgetProps) {
  const { routes } = useFieldEnvironment()
  const setText = useSetText(props)
  const data = routes.map((route) => ({ value: route.path, label: route.path }))
  return (
    <Autocomplete
      {...inputFrame(props)}
      data={data}
      value={(props.value as string | undefined) ?? ''}
      onChange={setText}
      limit={50}
      maxDropdownHeight={280}
      placeholder="/contact or https://…"
    />
  )
}
