import type { ErrorObject } from 'ajv'
import { at, isBlockPath } from './config-location.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'
import { subjectOf } from './subjects.ts'
import { closestMatch } from './suggest.ts'
import { listWords, quote } from './value-words.ts'

/**
 * Problems with an object's set of properties: an unknown block type, missing required ones and
 * ones the object does not know. They are judged together because they explain each other: a
 * misspelt `titel` is also a missing `title`, and saying so once is clearer than twice.
 */
export function describeObjectErrors(path: JsonPath, errors: ErrorObject[], data: unknown, positions: SourcePositions, blockTypes: string[]): Finding[] {
  const findings: Finding[] = []
  const object = at(data, path) as Record<string, unknown>
  const schema = (errors.find((error) => error.keyword !== 'discriminator')?.parentSchema ?? {}) as { properties?: Record<string, { description?: string }> }
  const known = Object.keys(schema.properties ?? {})
  const subject = subjectOf(path, data, schema)
  let missing = unique(errors.filter((error) => error.keyword === 'required').map((error) => String(error.params.missingProperty)))

  for (const error of errors.filter((error) => error.keyword === 'discriminator')) {
    const tag = String(error.params.tag)
    if (missing.includes(tag)) continue // reported below, as a block without a type
    const value = object[tag]
    const types = blockTypes.join(', ')
    findings.push({
      kind: 'structure',
      wherePath: path,
      ...positions.valuePosition([...path, tag]),
      message: typeof value === 'string' ? `Unknown block type ${quote(value)}.${guessText(value, blockTypes)}` : `The block's "${tag}" should be a text, but is ${JSON.stringify(value)}.`,
      hint: `Known types: ${types}.`,
    })
  }

  if (missing.includes('type') && isBlockPath(path)) {
    missing = missing.filter((name) => name !== 'type')
    findings.push({ kind: 'structure', wherePath: path, ...positions.containerPosition(path), message: 'This block has no "type", so the site cannot tell what to show.', hint: `Add "type" with one of: ${blockTypes.join(', ')}.` })
  }

  for (const error of errors.filter((error) => error.keyword === 'additionalProperties')) {
    const name = String(error.params.additionalProperty)
    const unused = known.filter((property) => !(property in object))
    const guess = closestMatch(name, unused.filter((property) => missing.includes(property))) ?? closestMatch(name, unused)
    if (guess) missing = missing.filter((property) => property !== guess)
    findings.push({
      kind: 'value',
      wherePath: path,
      ...positions.keyPosition(path, name),
      message: subject.plural
        ? `${subject.the} has a property "${name}" that ${subject.plural} do not use.${guess ? ` Did you mean "${guess}"?` : ''}`
        : `${subject.the} has no property "${name}".${guess ? ` Did you mean "${guess}"?` : ''}`,
      hint: known.length ? `${subject.plural ? `Properties of ${subject.plural}` : 'Its properties'}: ${known.join(', ')}.` : undefined,
    })
  }

  if (missing.length > 0) {
    const only = missing.length === 1 ? schema.properties?.[missing[0] ?? '']?.description : undefined
    findings.push({
      kind: 'structure',
      wherePath: path,
      ...positions.containerPosition(path),
      message: `${subject.the} is missing ${listWords(missing)} (required).`,
      hint: only ? `"${missing[0]}": ${only}` : undefined,
    })
  }
  return findings
}

function guessText(value: string, candidates: string[]): string {
  const guess = closestMatch(value, candidates)
  return guess ? ` Did you mean "${guess}"?` : ''
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}
