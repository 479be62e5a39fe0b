import '@mantine/core/styles/Input.css'
import { Input } from '@mantine/core'
import { IconFileUpload } from '@tabler/icons-react'
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react'
import type { FormField } from './form-definition'
import { fileTooLargeSentence } from '../../site/form-words'
import { fillTemplate } from '../../site/text-template'
import { pageFormWords } from './problem-texts'
import classes from './FileDropField.module.css'
import { textsOf } from '../../kit/config'

const formTexts = textsOf('form')

export interface FileDropFieldProps {
  field: FormField
  value: File | null
  onChange: (file: File | null) => void
  error?: ReactNode
  onProblem: (message: string) => void
  disabled?: boolean
}

/** Why a file is refused in the browser (the server checks again, by content too), or null. */
export function fileProblem(field: FormField, file: File): string | null {
  const name = file.name.toLowerCase()
  if (!(field.accept ?? []).some((ending) => name.endsWith(ending))) return field.wrongTypeMessage ?? formTexts.wrongFileType
  if (field.maxSizeMb !== undefined && file.size > field.maxSizeMb * 1024 * 1024)
    return field.tooLargeMessage ?? fileTooLargeSentence(pageFormWords(), field.maxSizeMb * 1024 * 1024)
  return null
}

/**
 * The resume drop area: a real file input (keyboard and screen readers use it as usual) under a
 * large label that also takes a dragged file. The chosen file lives in the form's values.
 */
export function FileDropField({ field, value, onChange, error, onProblem, disabled }: FileDropFieldProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  // The form was cleared (after a success): clear the input's own file list too.
  useEffect(() => {
    if (value === null && input.current) input.current.value = ''
  }, [value])

  function take(file: File | undefined) {
    if (!file) return
    const problem = fileProblem(field, file)
    if (problem) {
      onChange(null)
      if (input.current) input.current.value = ''
      onProblem(problem)
      return
    }
    onChange(file)
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault()
    setDragging(false)
    if (!disabled) take(event.dataTransfer.files[0])
  }

  const describedBy = [error ? `${id}-error` : '', field.hint ? `${id}-description` : ''].filter(Boolean).join(' ') || undefined
  return (
    <Input.Wrapper
      id={id}
      size="md"
      label={field.label}
      required={field.required}
      description={field.hint}
      error={error}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <div className={classes.area}>
        <input
          ref={input}
          id={id}
          className={classes.input}
          type="file"
          name={field.name}
          accept={field.accept?.join(',')}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          onChange={(event) => take(event.currentTarget.files?.[0])}
        />
        <label
          htmlFor={id}
          className={classes.zone}
          data-dragging={dragging || undefined}
          data-selected={value ? true : undefined}
          data-error={error ? true : undefined}
          onDragEnter={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragOver={(event) => event.preventDefault()}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <IconFileUpload size={28} stroke={1.6} aria-hidden="true" className={classes.icon} />
          <span className={classes.text}>{value ? fillTemplate(field.selectedText ?? '{fileName}', { fileName: value.name }) : field.emptyText}</span>
        </label>
      </div>
    </Input.Wrapper>
  )
}
