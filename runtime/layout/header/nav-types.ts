import type { Link, Navigation, NavDropdown, NavSubMenu } from '../../../site/generated/site-config'

export type NavItem = Navigation['items'][number]
export type DropdownEntry = NavDropdown['items'][number]

export function isDropdown(item: NavItem): item is NavDropdown {
  return 'items' in item
}

export function isSubMenu(entry: DropdownEntry): entry is NavSubMenu {
  return 'items' in entry
}

export type { Link, NavDropdown, NavSubMenu }
