/**
 * Badly broken drafts built from a valid config, as an editor's careless session or an attacker
 * sends them to the checker: `npm run bench:check` times them, and the checker's tests use them to
 * hold its output bounded. The same arguments always build the same draft.
 */

type Json = Record<string, unknown>

/**
 * `count` faults spread evenly over the texts, numbers and yes/no values of every block of every page:
 * every other one a misspelt property name (a letter doubled, `headding`), the rest a text or a
 * number given as the wrong type (`["…"]` for a text, `"5"` for a number). The draft keeps about
 * the size of the original; each fault is one problem for the checker.
 */
export function draftWithFaults(config: unknown, count: number): Json {
  const draft = structuredClone(config) as Json
  const places = ((draft.routes ?? []) as Json[]).flatMap((route) => propertiesInside(route.blocks))
  if (places.length < count) throw new Error(`The config's blocks have ${places.length} properties, too few for ${count} faults.`)
  for (let i = 0; i < count; i++) {
    const [object, name] = places[Math.floor((i * places.length) / count)]!
    if (i % 2 === 0) misspell(object, name)
    else wrongType(object, name)
  }
  return draft
}

/** `count` properties no schema knows (`unknownKey0`, `unknownKey1`, …) added to the site settings: one problem each. */
export function draftWithUnknownKeys(config: unknown, count: number): Json {
  const draft = structuredClone(config) as Json
  const site = draft.site as Json
  for (let i = 0; i < count; i++) site[`unknownKey${i}`] = i
  return draft
}

/** Renames `name` in place (the object keeps its key order), its middle letter doubled. */
function misspell(object: Json, name: string): void {
  const middle = Math.floor(name.length / 2)
  const misspelt = name.slice(0, middle) + name[middle] + name.slice(middle)
  const entries = Object.entries(object)
  for (const key of Object.keys(object)) delete object[key]
  for (const [key, value] of entries) object[key === name ? misspelt : key] = value
}

/** A list where a text belongs, a text where a number or a yes/no belongs. */
function wrongType(object: Json, name: string): void {
  const value = object[name]
  object[name] = typeof value === 'string' ? [value] : String(value)
}

/**
 * Every property holding a text, number or yes/no (but a block's `type`) of every object in `value`,
 * as [object, name], in the file's order. Leaves only: a fault in a list or an object would hide
 * the faults inside it from the checker.
 */
function propertiesInside(value: unknown): Array<[Json, string]> {
  if (Array.isArray(value)) return value.flatMap(propertiesInside)
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([name, inner]): Array<[Json, string]> => {
    if (inner && typeof inner === 'object') return propertiesInside(inner)
    return name === 'type' ? [] : [[value as Json, name]]
  })
}
