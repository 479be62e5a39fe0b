import { useFieldError, type FieldProps } from './field-context'
import { fieldWidgets } from './field-widgets'
import { resolve } from './schema-refs'
import { labelFor } from './schemas'
import { widgetFor } from './widget-choice'
import { fieldAnchor } from './field-anchor'

/**
 * One input generated from a JSON Schema: widget-choice.ts picks the component from the schema's
 * `x-editor` or its type, the description is the help text, and the checker's problems at this
 * place are its error. The field's place in the config is written on it (field-anchor.ts), so a
 * problem, or a click in the preview, can take the author to it.
 */
export function SchemaField(props: FieldProps) {
  const error = useFieldError(props.path)
  const schema = resolve(props.schema)
  const label = props.label ?? labelFor(props.name, schema)
  const Widget = fieldWidgets[widgetFor(schema, `${props.path.join(' › ')} (${label})`)]
  return (
    <div {...fieldAnchor(props.path)} style={{ display: 'contents' }}>
      <Widget {...props} schema={schema} label={label} error={error} Field={SchemaField} />
    </div>
  )
}
