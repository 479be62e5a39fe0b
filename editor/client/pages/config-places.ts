import type { SiteConfig } from '../../../site/generated/site-config'
import { blockTypeName } from '../schema/block-names'
import { screenFor } from '../screens/site-screens'
import type { JsonPath } from '../state/json-path'

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A place in the config as the editor shows it, for a list of places (the links a change of
 * address updates): the page or screen it is on, then each block ("3. Card grid") and each labelled
 * entry ("Services", a column's "Company") on the way, e.g. "Header menu › Services › Cloud".
 */
export function placeWords(config: SiteConfig, path: JsonPath): string {
  const words: string[] = []
  let value: unknown = config
  path.forEach((key, depth) => {
    value = isRecord(value) || Array.isArray(value) ? (value as Record<string | number, unknown>)[key] : undefined
    if (!isRecord(value)) return
    if (depth === 1 && path[0] === 'routes') words.push(typeof value.title === 'string' ? value.title : String(value.path))
    else if (path[depth - 1] === 'blocks' && typeof value.type === 'string') words.push(`${Number(key) + 1}. ${blockTypeName(value.type)}`)
    else if (typeof value.label === 'string') words.push(value.label)
    else if (typeof value.title === 'string') words.push(value.title)
  })
  const screen = path[0] === 'routes' ? undefined : screenFor(path)
  return [...(screen ? [screen.label] : []), ...words].join(' › ')
}
