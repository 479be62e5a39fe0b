import type { IconName } from '../../site/generated/site-config'
import { SiteIcon } from '../lazy-icons'
import classes from './IconBadge.module.css'
import surfaces from './surfaces.module.css'

/**
 * A config icon on a rounded tile in the section's icon colours (--icon-bg, --icon-fg, set by the
 * section background), shared by the blocks that put an icon beside a heading or an item.
 */
export function IconBadge({ name, iconSize = 24 }: { name: IconName; iconSize?: number }) {
  return (
    <span className={`${surfaces.iconTile} ${classes.badge}`} aria-hidden="true">
      <SiteIcon name={name} size={iconSize} stroke={1.75} />
    </span>
  )
}
