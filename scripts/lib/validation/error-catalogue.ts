import type { ErrorObject } from 'ajv'
import { holderPath, isBlockPath, valueName } from './config-location.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'
import { describePattern } from './pattern-words.ts'
import { didYouMean } from './suggest.ts'
import { describeValue, expectedTypeWords, quote, typeFixHint } from './value-words.ts'

/**
 * ajv's errors in the words of someone who edits the file by hand. Messages never show ajv's own
 * text, JSON pointers or keyword names. Missing and unknown properties are handled in
 * object-messages.ts (they need to see all errors of an object at once).
 */
export function describeValueError(error: ErrorObject, path: JsonPath, positions: SourcePositions): Finding {
  const name = path.length === 0 ? 'The file' : `"${valueName(path)}"`
  const value: unknown = error.data
  const schema = (error.parentSchema ?? {}) as Record<string, unknown>
  const description = typeof schema.description === 'string' ? schema.description : undefined
  const base = { kind: 'value' as const, wherePath: holderPath(path), ...positions.valuePosition(path) }
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'type':
      if (isBlockPath(path)) {
        return { ...base, message: `${name} should be a block { "type": … }, but is ${describeValue(value)}.`, hint: typeof value === 'string' ? `Write it as { "type": ${JSON.stringify(value)} } with the block's properties.` : 'A block is an object with a "type" and the properties of that type.' }
      }
      return { ...base, message: `${name} should be ${expectedTypeWords(params.type)}, but is ${describeValue(value)}.`, hint: typeFixHint(params.type, value) ?? description }
    case 'enum':
      return describeEnum(base, name, value, params.allowedValues as unknown[], schema)
    case 'const':
      return { ...base, message: `${name} must be ${quote(params.allowedValue)}, but is ${describeValue(value)}.` }
    case 'format':
      return describeFormat(base, name, value, String(params.format), description)
    case 'pattern':
      return { ...base, ...describePattern(name, String(value), String(params.pattern), description) }
    case 'minLength':
      return Number(params.limit) === 1
        ? { ...base, message: `${name} is empty.`, hint: description ?? 'Write a text here.' }
        : { ...base, message: `${name} is too short: it needs at least ${params.limit} characters.`, hint: description }
    case 'maxLength':
      return { ...base, message: `${name} is ${String(value).length} characters long; at most ${params.limit} fit.`, hint: description }
    case 'minItems':
      return describeMinItems(path, positions, name, Number(params.limit), description)
    case 'maxItems':
      return { ...base, ...positions.containerPosition(path), message: `${name} has ${(value as unknown[]).length} entries; at most ${params.limit} are allowed.`, hint: description }
    case 'uniqueItems':
      return { ...base, message: `${name} lists the same entry twice (entries ${Number(params.j) + 1} and ${Number(params.i) + 1}).`, hint: 'Remove one of them.' }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return { ...base, message: `${name} must be ${limitWords(error.keyword, params.limit)}, but is ${describeValue(value)}.`, hint: description }
    case 'multipleOf':
      return { ...base, message: `${name} must be a multiple of ${params.multipleOf}, but is ${describeValue(value)}.` }
    default:
      return { ...base, message: `${name} is not valid here.`, hint: description }
  }
}

type Base = Omit<Finding, 'message' | 'hint'>

function describeEnum(base: Base, name: string, value: unknown, allowed: unknown[], schema: Record<string, unknown>): Finding {
  const options = allowed.map(String)
  const guess = typeof value === 'string' || typeof value === 'number' ? didYouMean(String(value), options) : ''
  if (schema.title === 'IconName') {
    return { ...base, message: `Unknown icon ${quote(value)}.${guess}`, hint: 'The icon names are listed in schemas/defs/icon.schema.json; to add one, add it there and in runtime/icons.ts.' }
  }
  if (options.length > 12) {
    return { ...base, message: `${name} cannot be ${quote(value)}.${guess}`, hint: `Allowed: ${options.slice(0, 12).join(', ')}, …` }
  }
  return { ...base, message: `${name} must be one of: ${options.join(', ')} — not ${quote(value)}.${guess}` }
}

function describeFormat(base: Base, name: string, value: unknown, format: string, description: string | undefined): Finding {
  switch (format) {
    case 'email':
      return { ...base, message: `${name} is not a valid e-mail address: ${quote(value)}.`, hint: 'Write it like name@example.com.' }
    case 'uri':
    case 'url':
      return { ...base, message: `${name} is not a complete web address: ${quote(value)}.`, hint: 'Write the full address, starting with https://.' }
    case 'date':
      return { ...base, message: `${name} is not a date: ${quote(value)}.`, hint: 'Write dates as YYYY-MM-DD, e.g. 2024-03-31.' }
    default:
      return { ...base, message: `${name} is not a valid ${format}: ${quote(value)}.`, hint: description }
  }
}

function describeMinItems(path: JsonPath, positions: SourcePositions, name: string, limit: number, description: string | undefined): Finding {
  const base = { kind: 'value' as const, wherePath: holderPath(path), ...positions.containerPosition(path) }
  if (path.length === 3 && path[0] === 'routes' && path[2] === 'blocks') {
    return { ...base, message: 'A page needs at least one block.', hint: 'Add a block to "blocks", e.g. { "type": "placeholder" } while the page is being written.' }
  }
  return limit === 1
    ? { ...base, message: `${name} is an empty list; it needs at least one entry.`, hint: description }
    : { ...base, message: `${name} needs at least ${limit} entries.`, hint: description }
}

function limitWords(keyword: string, limit: unknown): string {
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
