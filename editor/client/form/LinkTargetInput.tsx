import { Autocomplete } from '@mantine/core'
import { useFieldEnvironment } from './field-context'

interface LinkTargetInputProps {
  label: string
  description?: string
  error?: string
  required?: boolean
  value: string
  onChange(target: string): void
}

/** Where a link leads: the site's pages to pick from, or any address typed in (https://, mailto:, tel:). */
export function LinkTargetInput({ value, onChange, ...field }: LinkTargetInputProps) {
  const { routes } = useFieldEnvironment()
  const data = routes.map((route) => ({ value: route.path, label: route.path }))
  return <Autocomplete {...field} data={data} value={value} onChange={onChange} limit={50} maxDropdownHeight={280} placeholder="/contact or https://…" />
}
