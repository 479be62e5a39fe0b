import '@mantine/core/styles/Input.css'
import { NativeSelect, Textarea, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconChevronDown } from '@tabler/icons-react'
import { CheckboxesField } from './CheckboxesField'
import { DateFieldInput } from './DateFieldInput'
import { FileDropField } from './FileDropField'
import type { FormField } from './form-definition'
import type { FormValues } from './payload'
import { textsOf } from '../../kit/config'

const formTexts = textsOf('form')

interface FormFieldInputProps {
  field: FormField
  form: UseFormReturnType<FormValues>
  disabled: boolean
}

/**
 * One configured field as a Mantine input. `required` and type="email" stay real attributes for
 * assistive tech and the on-screen keyboard; the form is noValidate, so its own check says what is
 * wrong, in the site's words, tied to the input (Mantine sets aria-invalid and aria-describedby).
 */
export function FormFieldInput({ field, form, disabled }: FormFieldInputProps) {
  const common = {
    label: field.label,
    required: field.required,
    disabled,
    name: field.name,
    placeholder: field.placeholder,
    autoComplete: field.autocomplete,
    description: field.hint,
    size: 'md' as const,
    ...form.getInputProps(field.name),
  }
  switch (field.input) {
    case 'textarea':
      return <Textarea {...common} rows={field.rows ?? 4} />
    case 'select': {
      const { placeholder, ...selectProps } = common
      return (
        <NativeSelect
          {...selectProps}
          // Mantine's chevron would pull in the whole Combobox stylesheet; one icon is enough.
          rightSection={<IconChevronDown size={18} aria-hidden="true" />}
          rightSectionPointerEvents="none"
          data={[{ value: '', label: placeholder ?? formTexts.chooseOption, disabled: true }, ...(field.options ?? [])]}
        />
      )
    }
    case 'checkboxes': {
      const { value, onChange, error } = form.getInputProps(field.name)
      return <CheckboxesField field={field} value={Array.isArray(value) ? value : []} onChange={(values) => onChange(values)} error={error} disabled={disabled} />
    }
    case 'date':
      return <DateFieldInput {...common} field={field} />
    case 'file': {
      const { value, onChange, error } = form.getInputProps(field.name)
      return (
        <FileDropField
          field={field}
          value={value instanceof File ? value : null}
          onChange={(file) => onChange(file)}
          error={error}
          disabled={disabled}
          onProblem={(message) => form.setFieldError(field.name, message)}
        />
      )
    }
    default:
      return <TextInput {...common} type={field.input} />
  }
}
