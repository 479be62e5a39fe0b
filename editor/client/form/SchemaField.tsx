import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core'
import { ArrayField } from './ArrayField'
import { useFieldEnvironment, useFieldError, type FieldProps } from './field-context'
import { IconSelect } from './IconSelect'
import { ImageSourcePicker } from './ImageSourcePicker'
import { LinkTargetInput } from './LinkTargetInput'
import { ObjectField } from './ObjectField'
import { isLongText, labelFor, resolve, typeOf } from './schemas'

/**
 * One input generated from a JSON Schema: the schema's type picks the Mantine input, its
 * description is the help text, and the checker's problems at this place are its error.
 */
export function SchemaField(props: FieldProps) {
  const { change } = useFieldEnvironment()
  const error = useFieldError(props.path)
  const schema = resolve(props.schema)
  const label = props.label ?? labelFor(props.name, schema)
  const common = { label, description: schema.description, error, required: props.required }
  // An optional field left empty is left out of the file, not written as "".
  const setText = (text: string) => change(props.path, text === '' && !props.required ? undefined : text)

  if (schema.const !== undefined) return null
  if (schema.editorWidget === 'icon')
    return (
      <IconSelect {...common} value={(props.value as string | undefined) ?? null} options={schema.enum as string[]} onChange={(icon) => change(props.path, icon ?? undefined)} />
    )
  if (props.widget === 'linkTarget') return <LinkTargetInput {...common} value={(props.value as string | undefined) ?? ''} onChange={setText} />
  if (props.widget === 'imageSource')
    return <ImageSourcePicker {...common} value={(props.value as string | undefined) ?? null} onChange={(src) => change(props.path, src ?? undefined)} />
  if (schema.enum) {
    const data = schema.enum.map((option) => ({ value: String(option), label: String(option) }))
    const toValue = (text: string | null) => (text === null ? undefined : typeof schema.enum![0] === 'number' ? Number(text) : text)
    const shown = props.value === undefined ? (schema.default === undefined ? null : String(schema.default)) : String(props.value)
    return <Select {...common} data={data} value={shown} allowDeselect={!props.required} clearable={!props.required} onChange={(text) => change(props.path, toValue(text))} />
  }
  switch (typeOf(schema)) {
    case 'object':
      return <ObjectField {...props} schema={schema} label={label} Field={SchemaField} />
    case 'array':
      return <ArrayField {...props} schema={schema} label={label} Field={SchemaField} />
    case 'boolean':
      return (
        <Switch
          {...common}
          checked={(props.value as boolean | undefined) ?? (schema.default as boolean | undefined) ?? false}
          onChange={(event) => change(props.path, event.currentTarget.checked)}
        />
      )
    case 'integer':
    case 'number':
      return (
        <NumberInput
          {...common}
          value={(props.value as number | undefined) ?? ''}
          min={schema.minimum}
          max={schema.maximum}
          allowDecimal={typeOf(schema) === 'number'}
          placeholder={schema.default === undefined ? undefined : `${schema.default} when empty`}
          onChange={(number) => change(props.path, typeof number === 'number' ? number : undefined)}
        />
      )
    default: {
      const text = (props.value as string | undefined) ?? ''
      if (isLongText(props.name)) return <Textarea {...common} value={text} autosize minRows={2} maxRows={10} onChange={(event) => setText(event.currentTarget.value)} />
      return <TextInput {...common} value={text} onChange={(event) => setText(event.currentTarget.value)} />
    }
  }
}
