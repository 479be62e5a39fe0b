import { memo } from 'react'
import { samePath } from '../state/json-path'
import { useFieldEnvironment, useFieldError, type FieldProps } from './field-context'
import { fieldWidgets } from './field-widgets'
import { resolve } from '../schema/schema-refs'
import { labelFor } from '../schema/schemas'
import { widgetFor } from './widget-choice'
import { FIELD_SELECTOR, fieldAnchor } from './field-anchor'
import { TranslatableField } from './TranslatableField'

/**
 * A field renders again only when one of its props changed (its place compared by its keys). An
 * edit copies just the branch of the config it changes (state/json-path.ts), so a keystroke
 * re-renders the fields on its path and none of the others, however long the form.
 */
function sameField(before: FieldProps, after: FieldProps): boolean {
  const keys = Object.keys(after) as (keyof FieldProps)[]
  if (keys.length !== Object.keys(before).length) return false
  return keys.every((key) => (key === 'path' ? samePath(before.path, after.path) : before[key] === after[key]))
}

/**
 * One input generated from a JSON Schema: widget-choice.ts picks the component from the schema's
 * `x-editor` or its type, the description is the help text, and the checker's problems at this
 * place are its error. The field's place in the config is written on it (field-anchor.ts), so a
 * problem, or a click in the preview, can take the author to it. In a site of several languages,
 * a text visitors read has an input per language (TranslatableField).
 */
export const SchemaField = memo(function SchemaField(props: FieldProps) {
  const error = useFieldError(props.path)
  const { rows, languages = [] } = useFieldEnvironment()
  const schema = resolve(props.schema)
  const label = props.label ?? labelFor(props.name, schema)
  const widget = widgetFor(schema, `${props.path.join(' › ')} (${label})`)
  const Widget = fieldWidgets[widget]
  const perLanguage = schema['x-translatable'] === true && languages.length > 1 && (widget === 'string' || widget === 'textarea')
  return (
    <div
      {...fieldAnchor(props.path)}
      style={{ display: 'contents' }}
      // Leaving a field touches it (new-rows.ts): focus gone out of the field, told by the field's own wrapper, not every group around it.
      onBlur={(event) => {
        const own = event.target instanceof Element && event.target.closest(FIELD_SELECTOR) === event.currentTarget
        if (own && !(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) rows?.touched(props.path)
      }}
    >
      {perLanguage ? (
        <TranslatableField {...props} schema={schema} label={label} error={error} Field={SchemaField} languages={languages} multiline={widget === 'textarea'} />
      ) : (
        <Widget {...props} schema={schema} label={label} error={error} Field={SchemaField} />
      )}
    </div>
  )
}, sameField)
