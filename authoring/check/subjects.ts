import { isBlockPath } from './config-location.ts'
import { valueAt } from '../value-at.ts'
import type { JsonPath } from './source-positions.ts'

/** How a message refers to an object: "This page" … "that pages do not use". */
export interface Subject {
  /** Starts a sentence: `This page`, `This pageHero block`, `The footer`. */
  the: string
  /** For "a property that … do not use"; absent for one-of-a-kind objects like the footer. */
  plural?: string
}

/** Schema titles whose objects have a name a non-developer knows. */
const byTitle: Record<string, Subject> = {
  SiteConfig: { the: 'The configuration' },
  SiteSettings: { the: 'The site settings ("site")' },
  Navigation: { the: 'The navigation' },
  Footer: { the: 'The footer' },
  Route: { the: 'This page', plural: 'pages' },
  Link: { the: 'This link', plural: 'links' },
  Image: { the: 'This image', plural: 'images' },
  NavDropdown: { the: 'This dropdown menu', plural: 'dropdown menus' },
  NavSubMenu: { the: 'This sub-menu', plural: 'sub-menus' },
}

export function subjectOf(path: JsonPath, data: unknown, schema: unknown): Subject {
  if (path.length === 2 && path[0] === 'routes') return byTitle.Route!
  if (isBlockPath(path)) {
    const type = (valueAt(data, path) as { type?: unknown } | undefined)?.type
    return typeof type === 'string' ? { the: `This ${type} block`, plural: `${type} blocks` } : { the: 'This block', plural: 'blocks' }
  }
  const title = schema && typeof schema === 'object' ? (schema as { title?: unknown }).title : undefined
  if (typeof title === 'string' && byTitle[title]) return byTitle[title]
  const last = path[path.length - 1]
  const listName = path[path.length - 2]
  if (typeof last === 'number' && typeof listName === 'string') {
    const singular = singularOf(listName)
    return singular ? { the: `This ${singular}`, plural: `${singular}s` } : { the: `This entry of "${listName}"`, plural: `entries of "${listName}"` }
  }
  if (typeof last === 'string') return { the: `"${last}"` }
  return { the: 'This entry' }
}

/** cards → card, categories → category, addresses → address: good enough for list names. */
function singularOf(listName: string): string | undefined {
  const words = listName.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  if (words.endsWith('ies')) return words.slice(0, -3) + 'y'
  if (/(ss|sh|ch|x)es$/.test(words)) return words.slice(0, -2)
  if (words.endsWith('s')) return words.slice(0, -1)
  return undefined
}
