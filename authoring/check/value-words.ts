/** How values and types are named in messages: "a text", "the number 42", "a list". */

const typeWords: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list [ … ]',
  object: 'an object { … }',
  null: 'null',
}

export function expectedTypeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : [type]
  return types.map((name) => typeWords[String(name)] ?? String(name)).join(' or ')
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list'
  switch (typeof value) {
    case 'string':
      return `the text ${quote(value)}`
    case 'number':
      return `the number ${value}`
    case 'boolean':
      return String(value)
    case 'object':
      return 'an object { … }'
    default:
      return String(value)
  }
}

/** A value as it would be typed in the file, shortened so a message stays on one line. */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  return text.length > 60 ? text.slice(0, 57) + '…"' : text
}

/**
 * How many names a list in a message spells out. A config's own lists (its forms, a form's fields)
 * can be any length, and a message naming them all, for each of thousands of problems, made the
 * words of a hostile draft's check grow with the square of its size.
 */
const LISTED_NAMES = 20

/** "a", "a" and "b", "a", "b" and "c"; past LISTED_NAMES, "a", "b", … "t" and 5 more */
export function listWords(names: string[], quoteEach = true): string {
  const shown = names.slice(0, LISTED_NAMES).map((name) => (quoteEach ? `"${name}"` : name))
  if (names.length > shown.length) return `${shown.join(', ')} and ${names.length - shown.length} more`
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`
}

/** A fix that turns the wrong type into the right one, when there is an obvious one. */
export function typeFixHint(expected: unknown, value: unknown): string | undefined {
  const types = Array.isArray(expected) ? expected : [expected]
  if (types.includes('string') && (typeof value === 'number' || typeof value === 'boolean')) return `Put it in double quotes: "${value}".`
  if ((types.includes('number') || types.includes('integer')) && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return `Remove the quotes: ${Number(value)}.`
  }
  if (types.includes('integer') && typeof value === 'number') return `Use a whole number such as ${Math.round(value)}.`
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return `Write ${value} without quotes.`
  if (types.includes('array') && typeof value === 'string') return `Put it in a list: [${JSON.stringify(value)}].`
  return undefined
}

/** `Bangla (bn)`: a language code with the name English gives it (Intl's), as a message names a language. */
export function languageWords(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code)
    return name && name !== code ? `${name} (${code})` : code
  } catch {
    return code // not a language tag at all: the schema's pattern says so
  }
}
