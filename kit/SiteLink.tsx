import { Link, useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, Ref } from 'react'
import { usePagePath } from './page-path'
import { resolveLink } from './site-links'

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
  ref?: Ref<HTMLAnchorElement>
  /** Extra attributes while the link's page is the current one (internal links only). */
  activeProps?: Record<string, unknown>
}

/** A page's link is active on the page and on the pages under it; the home page's on itself alone. */
const isActive = (href: string, pagePath: string) => pagePath === href || (href !== '/' && pagePath.startsWith(`${href}/`))

/**
 * One link component for config links: internal paths go through the router where there is one
 * (client-side navigation in `npm run dev` and the editor's preview; canonical spelling, the page
 * in this page's language), everything else is a plain anchor: internal links in the hydrated
 * parts of a built page (plain navigation, which the page prefetches), another language's page (a
 * full load, kit/site-links.ts) and external links. External web links open in a new tab, as
 * visitors expect of a marketing site.
 */
export function SiteLink({ to, children, activeProps, ...rest }: SiteLinkProps) {
  const { href, routed } = resolveLink(to)
  const router = useRouter({ warn: false })
  const pagePath = usePagePath()
  if (routed && router) {
    return (
      <Link to={href} activeProps={activeProps} {...rest}>
        {children}
      </Link>
    )
  }
  const opensNewTab = /^https?:/.test(to)
  // The attributes the router's <Link> gives an active link, so a part hydrated without a router shows the same.
  const active = routed && isActive(href, pagePath) ? { 'data-status': 'active', 'aria-current': 'page' as const, ...activeProps } : {}
  return (
    <a href={href} {...(opensNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...active} {...rest}>
      {children}
    </a>
  )
}
