import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core'
import { useFieldEnvironment, type WidgetProps } from './field-context'
import { typeOf } from '../schema/schemas'

/** What every input shows besides its value: label, the schema's description as help, the problem, whether required. */
export const inputFrame = ({ label, schema, error, required }: WidgetProps) => ({ label, description: schema.description, error, required })

/** Sets a text; an optional field left empty is left out of the file, not written as "". */
export function useSetText({ path, required }: WidgetProps) {
  const { change } = useFieldEnvironment()
  return (text: string) => change(path, text === '' && !required ? undefined : text)
}

/** What an empty text field shows: the text the site uses while the field is empty (the schema's default). */
const defaultText = ({ schema }: WidgetProps) => (typeof schema.default === 'string' ? schema.default : undefined)

/** A one-line text: names, labels, headings. */
export function TextWidget(props: WidgetProps) {
  const setText = useSetText(props)
  return (
    <TextInput {...inputFrame(props)} value={(props.value as string | undefined) ?? ''} placeholder={defaultText(props)} onChange={(event) => setText(event.currentTarget.value)} />
  )
}

/** Prose (`"x-editor": "textarea"`): grows with the text. */
export function TextareaWidget(props: WidgetProps) {
  const setText = useSetText(props)
  return (
    <Textarea
      {...inputFrame(props)}
      value={(props.value as string | undefined) ?? ''}
      placeholder={defaultText(props)}
      autosize
      minRows={2}
      maxRows={10}
      onChange={(event) => setText(event.currentTarget.value)}
    />
  )
}

export function NumberWidget(props: WidgetProps) {
  const { change } = useFieldEnvironment()
  const { schema } = props
  return (
    <NumberInput
      {...inputFrame(props)}
      value={(props.value as number | undefined) ?? ''}
      min={schema.minimum}
      max={schema.maximum}
      allowDecimal={typeOf(schema) === 'number'}
      placeholder={schema.default === undefined ? undefined : `${schema.default} when empty`}
      onChange={(number) => change(props.path, typeof number === 'number' ? number : undefined)}
    />
  )
}

export function BooleanWidget(props: WidgetProps) {
  const { change } = useFieldEnvironment()
  return (
    <Switch
      {...inputFrame(props)}
      checked={(props.value as boolean | undefined) ?? (props.schema.default as boolean | undefined) ?? false}
      onChange={(event) => change(props.path, event.currentTarget.checked)}
    />
  )
}

/** One of the schema's `enum` values, from a list; the default is shown while none is chosen. */
export function EnumWidget(props: WidgetProps) {
  const { change } = useFieldEnvironment()
  const options = props.schema.enum ?? []
  const data = options.map((option) => ({ value: String(option), label: String(option) }))
  const toValue = (text: string | null) => (text === null ? undefined : typeof options[0] === 'number' ? Number(text) : text)
  const shown = props.value === undefined ? (props.schema.default === undefined ? null : String(props.schema.default)) : String(props.value)
  return (
    <Select {...inputFrame(props)} data={data} value={shown} allowDeselect={!props.required} clearable={!props.required} onChange={(text) => change(props.path, toValue(text))} />
  )
}

/** A `const` (a block's `type`), or a setting only a developer changes (`"x-editor": "developer"`): nothing to edit here. */
export function NoInput() {
  return null
}
