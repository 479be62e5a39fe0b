import { errorCatalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'
import { isRecord } from './walk.ts'

/** The schema keyword that makes a text a part of another text of the same object: `"x-part-of": "heading"`. */
const PART_OF = 'x-part-of'

/** In a block type, where such texts are: the object's path in the block (`*` for every item of a list), the part and the whole. */
interface TextPartRule {
  objectPath: (string | '*')[]
  part: string
  whole: string
}

/** Every `x-part-of` in a schema, following its properties and list items (not $refs: none of the shared definitions has one). */
function rulesIn(schema: unknown, objectPath: (string | '*')[] = []): TextPartRule[] {
  if (!isRecord(schema)) return []
  const rules: TextPartRule[] = []
  for (const [name, property] of Object.entries(isRecord(schema.properties) ? schema.properties : {})) {
    if (isRecord(property) && typeof property[PART_OF] === 'string') rules.push({ objectPath, part: name, whole: property[PART_OF] })
    rules.push(...rulesIn(property, [...objectPath, name]))
  }
  if (isRecord(schema.items)) rules.push(...rulesIn(schema.items, [...objectPath, '*']))
  return rules
}

const rulesBySchemas = new WeakMap<ReadonlyMap<string, Record<string, unknown>>, Map<string, TextPartRule[]>>()

/** Block type → its rules, read once per set of schema files. */
function blockRules(schemaFiles: ReadonlyMap<string, Record<string, unknown>>): Map<string, TextPartRule[]> {
  let rules = rulesBySchemas.get(schemaFiles)
  if (!rules) {
    rules = new Map()
    for (const [file, schema] of schemaFiles) {
      const type = /^blocks\/([^/]+)\.schema\.json$/.exec(file)?.[1]
      const found = type ? rulesIn(schema) : []
      if (type && found.length > 0) rules.set(type, found)
    }
    rulesBySchemas.set(schemaFiles, rules)
  }
  return rules
}

/** The objects at a rule's path inside a value, with their paths. */
function* objectsAt(value: unknown, objectPath: (string | '*')[], path: JsonPath): Generator<[JsonPath, Record<string, unknown>]> {
  if (objectPath.length === 0) {
    if (isRecord(value)) yield [path, value]
    return
  }
  const [step, ...rest] = objectPath as [string, ...(string | '*')[]]
  if (step === '*') {
    if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* objectsAt(item, rest, [...path, index])
  } else if (isRecord(value)) yield* objectsAt(value[step], rest, [...path, step])
}

/**
 * A text that names a part of another (a hero's `highlight`, the words of its `heading` shown in the
 * accent colour) must appear in it exactly as written, letter case included: the block colours the
 * part by finding it in the text, and colours nothing when it is not there. The block schemas mark
 * such a text with `"x-part-of"`; a schema cannot compare two values, so this check does.
 */
export function textPartFindings(data: unknown, positions: SourcePositions, schemaFiles: ReadonlyMap<string, Record<string, unknown>>): Finding[] {
  const rules = blockRules(schemaFiles)
  const routes = isRecord(data) && Array.isArray(data.routes) ? data.routes : []
  const findings: Finding[] = []
  routes.forEach((route, routeIndex) => {
    const blocks = isRecord(route) && Array.isArray(route.blocks) ? route.blocks : []
    blocks.forEach((block, blockIndex) => {
      if (!isRecord(block) || typeof block.type !== 'string') return
      for (const rule of rules.get(block.type) ?? []) {
        for (const [objectPath, object] of objectsAt(block, rule.objectPath, ['routes', routeIndex, 'blocks', blockIndex])) {
          const part = object[rule.part]
          const whole = object[rule.whole]
          // An empty part colours nothing and says so by itself; a missing or empty whole is the schema's to report.
          if (typeof part !== 'string' || part === '' || typeof whole !== 'string' || whole === '' || whole.includes(part)) continue
          const at = whole.toLowerCase().indexOf(part.toLowerCase())
          const guess = at >= 0 ? whole.slice(at, at + part.length) : undefined
          const valuePath = [...objectPath, rule.part]
          findings.push({
            ...say(errorCatalogue.partNotInText, { part: rule.part, whole: rule.whole, value: part, text: whole, guess }),
            wherePath: objectPath,
            valuePath,
            ...positions.valuePosition(valuePath),
          })
        }
      }
    })
  })
  return findings
}
