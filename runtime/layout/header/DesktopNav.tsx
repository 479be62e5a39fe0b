import { config } from '../../../kit/config'
import { SiteLink } from '../../../kit/SiteLink'
import { DesktopDropdown } from './DesktopDropdown'
import classes from './Header.module.css'
import { isDropdown, type NavItem } from './nav-types'

/** The main menu above the large breakpoint: links, and dropdowns with their panels closed. */
export function DesktopNav({ items }: { items: NavItem[] }) {
  return (
    <nav aria-label={config.texts.menu.main} className={classes.desktopNav}>
      {items.map((item, index) =>
        isDropdown(item) ? (
          <DesktopDropdown key={item.label} dropdown={item} id={`menu-${index}`} />
        ) : (
          <SiteLink key={item.to} to={item.to} className={classes.navLink} activeProps={{ 'data-active': true }}>
            {item.label}
          </SiteLink>
        ),
      )}
    </nav>
  )
}
