import type { ErrorObject } from 'ajv'
import { keepLikeliestAlternative } from './alternatives.ts'
import { describeValueError } from './value-errors.ts'
import { describeObjectErrors } from './object-messages.ts'
import type { Finding } from './problem.ts'
import { limitedGuesses } from './suggest.ts'
import type { CompiledSchemas } from '../schemas/schema-loader.ts'
import { pointerAndAncestors, pointerToPath, type SourcePositions } from './source-positions.ts'

const objectKeywords = new Set(['required', 'additionalProperties', 'discriminator'])

/** Checks the config against the schemas and explains every mismatch once, in plain words. */
export function schemaFindings(data: unknown, positions: SourcePositions, schemas: CompiledSchemas): Finding[] {
  if (schemas.isValid(data)) return []
  const detailed = schemas.detailed()
  if (detailed.validate(data)) return []
  const raw = [...(detailed.validate.errors ?? [])]
  const errors = dropFollowOnErrors(keepLikeliestAlternative(raw, data, detailed))
  const findings: Finding[] = []
  // Guesses for the first problems of each sort only: a hostile draft's 200,000 wrong icons would each be compared with every icon.
  const guessValue = limitedGuesses()
  const guessName = limitedGuesses()
  const byObject = new Map<string, ErrorObject[]>()
  for (const error of errors) {
    if (objectKeywords.has(error.keyword)) {
      const same = byObject.get(error.instancePath)
      if (same) same.push(error)
      else byObject.set(error.instancePath, [error])
    } else findings.push(describeValueError(error, pointerToPath(error.instancePath, data), positions, guessValue))
  }
  for (const [pointer, objectErrors] of byObject) {
    for (const finding of describeObjectErrors(pointerToPath(pointer, data), objectErrors, data, positions, schemas.blockTypes, guessName)) findings.push(finding)
  }
  return withoutRepeats(findings)
}

/**
 * A value of the wrong type also fails its enum, pattern or length, and everything inside it
 * fails too; only the type is worth saying. Same for identical errors reached by two routes,
 * and for an `if`/`then` rule: the `then` part's own error (a missing property) says it all.
 * A value that is no web address at all (its format) need not also hear which web addresses fit (its pattern).
 */
function dropFollowOnErrors(errors: ErrorObject[]): ErrorObject[] {
  const wrongType = new Set(errors.filter((error) => error.keyword === 'type').map((error) => error.instancePath))
  const wrongFormat = new Set(errors.filter((error) => error.keyword === 'format').map((error) => error.instancePath))
  const seen = new Set<string>()
  return errors.filter((error) => {
    if (error.keyword === 'if') return false
    if (error.keyword === 'pattern' && wrongFormat.has(error.instancePath)) return false
    const key = `${error.instancePath} ${error.keyword} ${JSON.stringify(error.params)}`
    if (seen.has(key)) return false
    seen.add(key)
    if (error.keyword === 'type') return true
    return wrongType.size === 0 || !pointerAndAncestors(error.instancePath).some((pointer) => wrongType.has(pointer))
  })
}

function withoutRepeats(findings: Finding[]): Finding[] {
  const seen = new Set<string>()
  return findings.filter((finding) => {
    const key = `${finding.line}:${finding.column} ${finding.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
