import type { IconName } from './generated/site-config'

/**
 * The icons some blocks name: every `icon` property, at any depth (the block schemas call them so,
 * and the checker allows only names of the icon set). Free of React and of the icons themselves:
 * the build and the config's Vite plugin read it in Node.
 */
export function iconNamesIn(value: unknown, names = new Set<IconName>()): Set<IconName> {
  if (Array.isArray(value)) value.forEach((item) => iconNamesIn(item, names))
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'icon' && typeof item === 'string') names.add(item as IconName)
      else iconNamesIn(item, names)
    }
  }
  return names
}
