import { Link } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, Ref } from 'react'
import { isInternalLink } from '../site/addresses'
import { resolveHref } from './site-links'

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
  ref?: Ref<HTMLAnchorElement>
  /** Extra attributes while the link's page is the current one (internal links only). */
  activeProps?: Record<string, unknown>
}

/**
 * One link component for config links: internal paths go through the router (client-side
 * navigation, canonical spelling), everything else is a plain anchor. External web links open
 * in a new tab, as visitors expect of a marketing site.
 */
export function SiteLink({ to, children, activeProps, ...rest }: SiteLinkProps) {
  if (isInternalLink(to)) {
    return (
      <Link to={resolveHref(to)} activeProps={activeProps} {...rest}>
        {children}
      </Link>
    )
  }
  const opensNewTab = /^https?:/.test(to)
  return (
    <a href={to} {...(opensNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  )
}
