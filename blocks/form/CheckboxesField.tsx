import { useId, type ReactNode } from 'react'
import type { FormField } from './form-definition'
import classes from './CheckboxesField.module.css'

export interface CheckboxesFieldProps {
  field: FormField
  value: string[]
  onChange: (values: string[]) => void
  error?: ReactNode
  disabled?: boolean
}

/**
 * A list of choices, any number ticked: native checkboxes in a fieldset whose legend is the field's
 * label, so screen readers name the group and then each choice. Plain elements rather than
 * Mantine's Checkbox: every form page carries this chunk, and the native control needs no script
 * to look or work right.
 */
export function CheckboxesField({ field, value, onChange, error, disabled }: CheckboxesFieldProps) {
  const id = useId()
  const toggle = (option: string, ticked: boolean) => onChange(ticked ? [...value, option] : value.filter((chosen) => chosen !== option))
  const describedBy = [field.hint ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <fieldset className={classes.group} aria-describedby={describedBy} aria-invalid={error ? true : undefined} disabled={disabled}>
      <legend className={classes.label}>
        {field.label}
        {field.required && (
          <span className={classes.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {field.hint && (
        <p id={`${id}-description`} className={classes.description}>
          {field.hint}
        </p>
      )}
      <div className={classes.choices}>
        {(field.options ?? []).map((option) => (
          <label key={option.value} className={classes.choice}>
            <input
              type="checkbox"
              name={field.name}
              value={option.value}
              checked={value.includes(option.value)}
              onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
