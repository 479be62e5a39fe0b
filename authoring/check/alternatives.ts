import type { ErrorObject } from 'ajv'
import { valueAt } from '../value-at.ts'
import { closestMatch } from './suggest.ts'
import type { DetailedValidator } from '../schemas/schema-loader.ts'
import { pointerAndAncestors, pointerToPath } from './source-positions.ts'

/**
 * When a value may take several forms (`anyOf`: a menu entry is a link or a dropdown), ajv
 * reports why it fails every form, which reads as contradictions ("is missing items", "items is
 * not allowed"). Instead, find the form the author most likely meant — the one whose own
 * properties fit best — and keep only its errors.
 */
export function keepLikeliestAlternative(errors: ErrorObject[], data: unknown, schemas: DetailedValidator): ErrorObject[] {
  const alternatives = errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf').sort((a, b) => a.instancePath.length - b.instancePath.length)
  const handled = new Set<string>()
  // Where a likeliest form was found: its errors replace every error at or under that place.
  const chosenAt = new Map<string, ErrorObject[]>()
  const undecided = new Set<ErrorObject>()
  for (const alternative of alternatives) {
    const where = alternative.instancePath
    if (pointerAndAncestors(where).some((pointer) => handled.has(pointer))) continue
    handled.add(where)
    const value = valueAt(data, pointerToPath(where, data))
    const chosen = likeliestErrors(alternative, value, schemas)
    if (!chosen) undecided.add(alternative)
    else
      chosenAt.set(
        where,
        keepLikeliestAlternative(chosen, value, schemas).map((error) => ({ ...error, instancePath: where + error.instancePath })),
      )
  }
  // Sets rather than a pass over all errors per alternative: a list of thousands of wrong menu entries stays linear.
  const kept = errors.filter((error) => !undecided.has(error) && !pointerAndAncestors(error.instancePath).some((pointer) => chosenAt.has(pointer)))
  return [...kept, ...[...chosenAt.values()].flat()]
}

function likeliestErrors(alternative: ErrorObject, value: unknown, schemas: DetailedValidator): ErrorObject[] | undefined {
  const keyword = alternative.keyword as 'anyOf' | 'oneOf'
  const options = Array.isArray(alternative.schema) ? alternative.schema : []
  let best: { errors: ErrorObject[]; score: number } | undefined
  for (let index = 0; index < options.length; index++) {
    const validate = alternative.parentSchema && schemas.alternativeValidator(alternative.parentSchema, keyword, index)
    if (!validate) return undefined // cannot tell the forms apart: keep ajv's errors as they are
    const errors = validate(value) ? [] : [...(validate.errors ?? [])]
    const score = misfit(errors)
    if (!best || score < best.score) best = { errors, score }
  }
  return best?.errors
}

/**
 * How badly a form fits. Errors on the value itself (wrong or missing properties) say "wrong
 * form" far more than errors deeper inside it, which say "right form, wrong detail" — except an
 * unknown property that is a misspelling of a missing one (`itmes` for `items`): that is a typo
 * in the right form.
 */
function misfit(errors: ErrorObject[]): number {
  const own = errors.filter((error) => error.instancePath === '')
  const missing = own.filter((error) => error.keyword === 'required').map((error) => String(error.params.missingProperty))
  const typos = own.filter((error) => error.keyword === 'additionalProperties' && closestMatch(String(error.params.additionalProperty), missing) !== undefined)
  return Math.max(0, own.length - 2 * typos.length) * 100 + typos.length * 10 + (errors.length - own.length)
}
