import type { ErrorObject } from 'ajv'
import { isBlockPath } from './config-location.ts'
import { valueAt } from '../value-at.ts'
import { errorCatalogue as catalogue, say } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'
import { subjectOf } from './subjects.ts'
import { closestMatch, type Guess } from './suggest.ts'

/**
 * Problems with an object's set of properties: an unknown block type, missing required ones and
 * ones the object does not know. They are judged together because they explain each other: a
 * misspelt `titel` is also a missing `title`, and saying so once is clearer than twice.
 * `guess` looks for what an unknown name was meant to be, for as many names as it is allowed.
 */
export function describeObjectErrors(path: JsonPath, errors: ErrorObject[], data: unknown, positions: SourcePositions, blockTypes: string[], guess: Guess): Finding[] {
  const findings: Finding[] = []
  const object = valueAt(data, path) as Record<string, unknown>
  const schema = (errors.find((error) => error.keyword !== 'discriminator')?.parentSchema ?? {}) as { properties?: Record<string, { description?: string }> }
  const known = Object.keys(schema.properties ?? {})
  const subject = subjectOf(path, data, schema)
  let missing = unique(errors.filter((error) => error.keyword === 'required').map((error) => String(error.params.missingProperty)))

  for (const error of errors.filter((error) => error.keyword === 'discriminator')) {
    const tag = String(error.params.tag)
    if (missing.includes(tag)) continue // reported below, as a block without a type
    const value = object[tag]
    findings.push({
      ...(typeof value === 'string'
        ? say(catalogue.unknownBlockType, { type: value, guess: guess(value, blockTypes), types: blockTypes })
        : say(catalogue.blockTypeNotText, { tag, value, types: blockTypes })),
      wherePath: path,
      valuePath: [...path, tag],
      ...positions.valuePosition([...path, tag]),
    })
  }

  if (missing.includes('type') && isBlockPath(path)) {
    missing = missing.filter((name) => name !== 'type')
    findings.push({ ...say(catalogue.blockWithoutType, { types: blockTypes }), wherePath: path, ...positions.containerPosition(path) })
  }

  const unused = known.filter((property) => !(property in object))
  for (const error of errors.filter((error) => error.keyword === 'additionalProperties')) {
    const name = String(error.params.additionalProperty)
    // A misspelling of a missing property is always looked for (few candidates): it is one problem, not two.
    const meant =
      closestMatch(
        name,
        unused.filter((property) => missing.includes(property)),
      ) ?? guess(name, unused)
    if (meant) missing = missing.filter((property) => property !== meant)
    findings.push({
      ...say(catalogue.unknownProperty, { subject: subject.the, plural: subject.plural, name, guess: meant, known }),
      wherePath: path,
      valuePath: [...path, name],
      ...positions.keyPosition(path, name),
    })
  }

  if (missing.length > 0) {
    const only = missing.length === 1 ? schema.properties?.[missing[0] ?? '']?.description : undefined
    findings.push({
      ...say(catalogue.missingProperty, { subject: subject.the, missing, description: only }),
      wherePath: path,
      // One missing property has a place of its own, where an editor can show the message.
      ...(missing.length === 1 ? { valuePath: [...path, missing[0] ?? ''] } : {}),
      ...positions.containerPosition(path),
    })
  }
  return findings
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}
