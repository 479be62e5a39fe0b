import type { JsonSchema } from './json-schema'
import { refName, resolve } from './schema-refs'
import { alternativesOf, emptyValue, isTypeName, labelFor, typeOf } from './schemas'

/**
 * What the editor needs to show an `anyOf`/`oneOf`: a name for each alternative, which one a value
 * is, and the value turned into another alternative when the person picks a different one.
 */

/**
 * An alternative's name for the picker: its `title` when it is written in words ("Link"), else the
 * name it is defined under (`#/definitions/subMenu` → "Sub menu"), as titles such as "NavDropdown"
 * name the generated TypeScript type and cannot change without renaming it.
 */
export function alternativeLabel(alternative: JsonSchema, index: number): string {
  const { title } = resolve(alternative)
  if (title && !isTypeName(title)) return title
  if (alternative.$ref) return labelFor(refName(alternative.$ref), {})
  return title ? labelFor(title, {}) : `Option ${index + 1}`
}

const jsonTypeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value)

/** Whether a value is of the schema's JSON type (an integer is a number too); a schema without a type takes anything. */
function hasType(schema: JsonSchema, value: unknown): boolean {
  const types = schema.type === undefined ? [] : [schema.type].flat()
  const type = jsonTypeOf(value)
  return types.length === 0 || types.includes(type) || (type === 'integer' && types.includes('number'))
}

const isObject = (value: unknown): value is Record<string, unknown> => jsonTypeOf(value) === 'object'

/**
 * How well a value fits an alternative, judged from its shape only (the checker judges the rest):
 * undefined when it cannot be this one (wrong type, a `const` that differs, a key the alternative
 * forbids), else the count of the alternative's required keys it lacks: 0 is a full fit.
 */
function misfit(alternative: JsonSchema, value: unknown): number | undefined {
  if (!hasType(alternative, value)) return undefined
  if (alternative.const !== undefined && alternative.const !== value) return undefined
  if (!isObject(value)) return 0
  const properties = alternative.properties ?? {}
  if (alternative.additionalProperties === false && Object.keys(value).some((key) => !(key in properties))) return undefined
  for (const [key, property] of Object.entries(properties)) {
    const constant = resolve(property).const
    if (constant !== undefined && key in value && value[key] !== constant) return undefined
  }
  return (alternative.required ?? []).filter((key) => !(key in value)).length
}

/** Which alternative a value is: the first that fits it fully, else the nearest, else the first. */
export function matchingAlternative(alternatives: JsonSchema[], value: unknown): number {
  let best = { index: 0, misfit: Infinity }
  alternatives.forEach((alternative, index) => {
    const found = misfit(resolve(alternative), value)
    if (found !== undefined && found < best.misfit) best = { index, misfit: found }
  })
  return best.index
}

/**
 * Whether a value is one of the schema's shapes as it stands, lacking nothing and holding nothing
 * the shape forbids: a menu entry moved into another list must fit it so, or it would lose a part.
 */
export function fitsAsItIs(schema: JsonSchema, value: unknown): boolean {
  const resolved = resolve(schema)
  return (alternativesOf(resolved) ?? [resolved]).some((alternative) => misfit(resolve(alternative), value) === 0)
}

/**
 * The value as the chosen alternative: of an object, the properties the alternative also has (and
 * of a fitting type) are kept, the rest dropped, and what it requires besides is started afresh; a
 * value of another type starts afresh.
 */
export function switchedValue(value: unknown, chosen: JsonSchema): unknown {
  const target = resolve(chosen)
  if (!isObject(value) || typeOf(target) !== 'object') return misfit(target, value) === 0 && value !== undefined ? value : emptyValue(target)
  const properties = target.properties ?? {}
  const kept = Object.entries(value).filter(([key, item]) => key in properties && hasType(resolve(properties[key]!), item))
  const started = (target.required ?? []).filter((key) => !kept.some(([keptKey]) => keptKey === key)).map((key) => [key, emptyValue(properties[key] ?? {})])
  const order = Object.keys(properties)
  return Object.fromEntries([...kept, ...started].sort(([a], [b]) => order.indexOf(a as string) - order.indexOf(b as string)))
}
