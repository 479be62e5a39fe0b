import { memo } from 'react'
import { AlternativesField } from '../form/AlternativesField'
import { useFieldError, type FieldProps } from '../form/field-context'
import type { JsonSchema } from '../schema/json-schema'
import { resolve } from '../schema/schema-refs'
import { SchemaField } from '../form/SchemaField'
import { alternativesOf } from '../schema/schemas'
import { samePath } from '../state/json-path'
import { branchOf } from './entry-tree'

/** Each kind's schema without its list of entries, made once, so a memoised field sees the same schema every time. */
const withoutBranch = new WeakMap<JsonSchema, JsonSchema>()

function ownFieldsOf(kind: JsonSchema, value: unknown): JsonSchema {
  const branch = branchOf(value, kind)
  if (!branch) return kind
  let own = withoutBranch.get(kind)
  if (!own) {
    const properties = Object.fromEntries(Object.entries(kind.properties ?? {}).filter(([key]) => key !== branch.key))
    own = { ...kind, properties }
    withoutBranch.set(kind, own)
  }
  return own
}

/** One kind of entry's fields (a link's label and address; a dropdown's label and widths), its own entries left to the tree. */
function KindFields(props: FieldProps) {
  const kind = resolve(props.schema)
  return <SchemaField {...props} schema={ownFieldsOf(kind, props.value)} bare />
}

interface EntryFieldsProps {
  value: unknown
  /** The schema of the list's items: one kind, or a choice of kinds (a link or a dropdown). */
  itemSchema: JsonSchema
  name: string
  path: FieldProps['path']
}

/**
 * The form of an open entry of a tree: which kind it is, when its list offers several (turning a
 * link into a dropdown starts its first link), and its own fields from its schema. Rendered again
 * only when the entry changed, as every field is.
 */
export const EntryFields = memo(
  function EntryFields({ value, itemSchema, name, path }: EntryFieldsProps) {
    const error = useFieldError(path)
    const schema = resolve(itemSchema)
    if (!alternativesOf(schema)) return <KindFields name={name} schema={schema} value={value} path={path} label={name} required />
    return <AlternativesField name={name} schema={schema} value={value} path={path} label={name} error={error} Field={KindFields} required />
  },
  (before, after) => before.value === after.value && before.itemSchema === after.itemSchema && before.name === after.name && samePath(before.path, after.path),
)
