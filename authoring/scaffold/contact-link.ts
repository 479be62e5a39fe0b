import type { Link, Navigation, Route } from '../../site/generated/site-config.ts'

/**
 * The button a new page ends with, to a page of this config: where a visitor gets in touch (the
 * page with the contact form, else a page whose address is contact…, else the first page with any
 * form), else the home page; none when the config has neither. Its label is the menu's for that
 * page, else the page's title, so the button speaks the site's own words.
 */
export function contactLink(routes: Route[], navigation: Navigation): Link | undefined {
  const formsOf = (route: Route) => route.blocks.flatMap((block) => (block.type === 'form' ? [String(block.form)] : []))
  const lastSegment = (route: Route) => route.path.slice(route.path.lastIndexOf('/') + 1).toLowerCase()
  const target =
    routes.find((route) => formsOf(route).includes('contact')) ??
    routes.find((route) => lastSegment(route).startsWith('contact')) ??
    routes.find((route) => formsOf(route).length > 0) ??
    routes.find((route) => route.path === '/')
  if (!target) return undefined
  return { label: menuLabelOf(target.path, navigation) ?? target.title, to: target.path }
}

function menuLabelOf(path: string, navigation: Navigation): string | undefined {
  const links = navigation.items.flatMap((item) => ('items' in item ? item.items.flatMap((entry) => ('items' in entry ? [entry, ...entry.items] : [entry])) : [item]))
  return links.find((link) => link.to === path)?.label
}
