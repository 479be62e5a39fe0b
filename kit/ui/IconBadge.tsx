import { icons } from '../icons'
import classes from './IconBadge.module.css'
import surfaces from './surfaces.module.css'

/**
 * A config icon on a rounded tile in the section's icon colours (--icon-bg, --icon-fg, set by the
 * section background), shared by the blocks that put an icon beside a heading or an item.
 */
export function IconBadge({ name, iconSize = 24 }: { name: keyof typeof icons; iconSize?: number }) {
  const Icon = icons[name]
  return (
    <span className={`${surfaces.iconTile} ${classes.badge}`} aria-hidden="true">
      <Icon size={iconSize} stroke={1.75} />
    </span>
  )
}
