import type { Navigation } from '../../site/generated/site-config.ts'

type JsonPath = (string | number)[]

/** A list of links in `navigation` that a new page can join: a dropdown or a sub-menu of one. */
export interface Menu {
  /** The menu's own label, the name `--menu` and the editor pass. */
  name: string
  /** Where it is, for people: "Services › Security Solutions". */
  label: string
  /** JSON path of its link list. */
  path: JsonPath
  length: number
}

/** Every menu of the site's navigation that takes links, in the order the header shows them. */
export function menusOf(navigation: Navigation): Menu[] {
  const menus: Menu[] = []
  for (const [itemIndex, item] of navigation.items.entries()) {
    if (!('items' in item)) continue
    menus.push({ name: item.label, label: item.label, path: ['navigation', 'items', itemIndex, 'items'], length: item.items.length })
    for (const [entryIndex, entry] of item.items.entries()) {
      if (!('items' in entry)) continue
      menus.push({ name: entry.label, label: `${item.label} › ${entry.label}`, path: ['navigation', 'items', itemIndex, 'items', entryIndex, 'items'], length: entry.items.length })
    }
  }
  return menus
}

/**
 * Where `--menu <name>` adds a link. A menu's whole label wins (ignoring case), else the first
 * menu whose label starts with the name: with a "Services" dropdown holding "Security Solutions",
 * "security" is the sub-menu and "services" the dropdown.
 */
export function findMenu(navigation: Navigation, name: string): Menu | { known: string[] } {
  const wanted = name.trim().toLowerCase()
  const menus = menusOf(navigation)
  const found = menus.find((menu) => menu.name.toLowerCase() === wanted) ?? menus.find((menu) => menu.name.toLowerCase().startsWith(wanted))
  return found && wanted !== '' ? found : { known: menus.map((menu) => menu.name) }
}
