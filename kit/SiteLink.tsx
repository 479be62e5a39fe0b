import { Link } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, Ref } from 'react'
import { resolveLink } from './site-links'

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
  ref?: Ref<HTMLAnchorElement>
  /** Extra attributes while the link's page is the current one (internal links only). */
  activeProps?: Record<string, unknown>
}

/**
 * One link component for config links: internal paths go through the router (client-side
 * navigation, canonical spelling, the page in this page's language), everything else is a plain
 * anchor: another language's page (a full load, kit/site-links.ts) and external links. External
 * web links open in a new tab, as visitors expect of a marketing site.
 */
export function SiteLink({ to, children, activeProps, ...rest }: SiteLinkProps) {
  const { href, routed } = resolveLink(to)
  if (routed) {
    return (
      <Link to={href} activeProps={activeProps} {...rest}>
        {children}
      </Link>
    )
  }
  const opensNewTab = /^https?:/.test(to)
  return (
    <a href={href} {...(opensNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  )
}
