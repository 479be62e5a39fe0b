import type { JsonPath } from './source-positions.ts'
import { valueAt } from '../value-at.ts'

export interface ConfigLocation {
  /** `/about › blocks[2] (timeline) › cards[1]`: the page, block and what is inside it. */
  where: string
  routePath?: string
  blockIndex?: number
  blockType?: string
}

/**
 * Names a place in the config the way its author thinks of it: by the page's path and the
 * block's type rather than `routes[7].blocks[2]`, and menu entries by their label.
 */
export function locate(path: JsonPath, data: unknown): ConfigLocation {
  if (path.length === 0) return { where: '(top level)' }
  const parts: string[] = []
  const location: ConfigLocation = { where: '' }
  let start = 0
  if (path[0] === 'routes' && typeof path[1] === 'number') {
    const route = valueAt(data, ['routes', path[1]])
    location.routePath = stringProperty(route, 'path')
    parts.push(location.routePath ?? `routes[${path[1]}]`)
    start = 2
    if (path[2] === 'blocks' && typeof path[3] === 'number') {
      location.blockIndex = path[3]
      location.blockType = stringProperty(valueAt(data, path.slice(0, 4)), 'type')
      parts.push(`blocks[${path[3]}]` + (location.blockType ? ` (${location.blockType})` : ''))
      start = 4
    }
  }
  for (let i = start; i < path.length; i++) {
    const segment = path[i]
    if (typeof segment === 'number') {
      const label = path[0] === 'navigation' || path[0] === 'footer' ? stringProperty(valueAt(data, path.slice(0, i + 1)), 'label') : undefined
      parts[parts.length - 1] += `[${segment}]` + (label ? ` "${label}"` : '')
    } else parts.push(segment ?? '')
  }
  location.where = parts.join(' › ')
  return location
}

function stringProperty(value: unknown, name: string): string | undefined {
  const property = value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined
  return typeof property === 'string' && property !== '' ? property : undefined
}

/** `paragraphs[1]` for a list entry, `heading` for a property: how a message names a value. */
export function valueName(path: JsonPath): string {
  let name = ''
  let i = path.length - 1
  while (i >= 0 && typeof path[i] === 'number') name = `[${path[i--]}]` + name
  return i >= 0 ? `${path[i]}${name}` : name || '(the whole file)'
}

/** The object holding the value `valueName` names: where the problem line points. */
export function holderPath(path: JsonPath): JsonPath {
  let i = path.length - 1
  while (i >= 0 && typeof path[i] === 'number') i--
  return path.slice(0, Math.max(i, 0))
}

/** `routes[i].blocks[j]`: the path of a block itself. */
export function isBlockPath(path: JsonPath): boolean {
  return path.length === 4 && path[0] === 'routes' && path[2] === 'blocks'
}
