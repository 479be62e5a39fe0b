import type { IconName } from '../../site/generated/site-config'
import { iconFor } from '../lazy-icons'
import classes from './IconBadge.module.css'

/**
 * A config icon on a rounded tile in the section's icon colours (--icon-bg, --icon-fg, set by the
 * section background), shared by the blocks that put an icon beside a heading or an item.
 */
export function IconBadge({ name, iconSize = 24 }: { name: IconName; iconSize?: number }) {
  const Icon = iconFor(name)
  return (
    <span className={classes.badge} aria-hidden="true">
      <Icon size={iconSize} stroke={1.75} />
    </span>
  )
}
