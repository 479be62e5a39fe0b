import '@mantine/core/styles/VisuallyHidden.css'
import { VisuallyHidden } from '@mantine/core'
import type { Link } from '../../site/generated/site-config'
import { SiteLink } from '../SiteLink'
import classes from './ActionLinks.module.css'

interface ActionLinksProps {
  actions: Link[]
  /** dark: on a navy or coloured background (heroes, bands); light: on a white or tinted section. */
  tone: 'dark' | 'light'
  align?: 'center' | 'start'
  /** The block's own spacing around the row. */
  className?: string
}

/**
 * A section's calls to action as pill buttons: the first is the filled one, the rest outlined.
 * One component for heroes, bands and text sections, so every button on the site looks and
 * behaves the same (and stacks to one width on phones).
 */
export function ActionLinks({ actions, tone, align = 'center', className }: ActionLinksProps) {
  if (actions.length === 0) return null
  return (
    <div className={className ? `${classes.actions} ${className}` : classes.actions} data-tone={tone} data-align={align}>
      {actions.map((action, index) => (
        <SiteLink key={action.label} to={action.to} className={classes.action} data-primary={index === 0 || undefined}>
          {action.label}
          {/* A vague label ("Learn More") gets its purpose for screen readers and search engines. */}
          {action.hint && (
            <>
              {' '}
              <VisuallyHidden>{action.hint}</VisuallyHidden>
            </>
          )}
        </SiteLink>
      ))}
    </div>
  )
}
