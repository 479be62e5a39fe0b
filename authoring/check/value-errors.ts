import type { ErrorObject } from 'ajv'
import { holderPath, isBlockPath, valueName } from './config-location.ts'
import { errorCatalogue as errors, say, type Said } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'
import { describePattern } from './pattern-words.ts'
import type { Guess } from './suggest.ts'
import { typeFixHint } from './value-words.ts'

/**
 * Picks the catalogue entry for one of ajv's errors about a value and hands it the facts.
 * Messages never show ajv's own text, JSON pointers or keyword names. Missing and unknown
 * properties are handled in object-messages.ts (they need to see all errors of an object at once).
 * `guess` names the allowed value a wrong one was meant to be, for as many values as it is allowed.
 */
export function describeValueError(error: ErrorObject, path: JsonPath, positions: SourcePositions, guess: Guess): Finding {
  const where = { wherePath: holderPath(path), valuePath: path, ...positions.valuePosition(path) }
  const at = (said: Said, position = {}): Finding => ({ ...said, ...where, ...position })
  const name = path.length === 0 ? 'The file' : `"${valueName(path)}"`
  const value: unknown = error.data
  const schema = (error.parentSchema ?? {}) as Record<string, unknown>
  const description = typeof schema.description === 'string' ? schema.description : undefined
  const params = error.params as Record<string, unknown>
  const limit = Number(params.limit)
  switch (error.keyword) {
    case 'type':
      if (isBlockPath(path)) return at(say(errors.notABlock, { name, value }))
      return at(say(errors.wrongType, { name, expected: params.type, value, fix: typeFixHint(params.type, value) ?? description }))
    case 'enum':
    case 'const': {
      const options = (error.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue]).map(String)
      // A value the schema renamed (`x-renamed`: old → new) is answered with its new name, which no spelling resembles.
      const renamed = schema['x-renamed'] as Record<string, string> | undefined
      const newName = typeof value === 'string' && renamed && Object.hasOwn(renamed, value) ? renamed[value] : undefined
      const meant = newName ?? (typeof value === 'string' || typeof value === 'number' ? guess(String(value), options) : undefined)
      if (schema.title === 'IconName') return at(say(errors.unknownIcon, { value, guess: meant }))
      return at(say(errors.notAllowedValue, { name, value, options, guess: meant }))
    }
    case 'format':
      if (params.format === 'email') return at(say(errors.badEmail, { name, value }))
      if (params.format === 'uri' || params.format === 'url') return at(say(errors.badWebAddress, { name, value }))
      return at(say(errors.invalidValue, { name, description }))
    case 'pattern':
      return at(describePattern(name, String(value), String(params.pattern), description))
    case 'minLength':
      return at(limit === 1 ? say(errors.emptyText, { name, description }) : say(errors.textTooShort, { name, limit, description }))
    case 'maxLength':
      return at(say(errors.textTooLong, { name, length: String(value).length, limit, description }))
    case 'minItems':
      return describeMinItems(path, positions, name, limit, description)
    case 'maxItems':
      return at(say(errors.tooManyEntries, { name, count: (value as unknown[]).length, limit, description }), positions.containerPosition(path))
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return at(say(errors.outOfRange, { name, bound: boundWords(error.keyword, params.limit), value, description }))
    default:
      return at(say(errors.invalidValue, { name, description }))
  }
}

function describeMinItems(path: JsonPath, positions: SourcePositions, name: string, limit: number, description: string | undefined): Finding {
  const where = { wherePath: holderPath(path), valuePath: path, ...positions.containerPosition(path) }
  if (path.length === 3 && path[0] === 'routes' && path[2] === 'blocks') return { ...say(errors.pageWithoutBlocks, {}), ...where }
  return { ...(limit === 1 ? say(errors.emptyList, { name, description }) : say(errors.tooFewEntries, { name, limit, description })), ...where }
}

function boundWords(keyword: string, limit: unknown): string {
  switch (keyword) {
    case 'minimum':
      return `at least ${limit}`
    case 'exclusiveMinimum':
      return `more than ${limit}`
    case 'maximum':
      return `at most ${limit}`
    default:
      return `less than ${limit}`
  }
}
