import { UnstyledButton } from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import { config } from '../../../kit/config'
import { SiteLink } from '../../../kit/SiteLink'
import { fillTemplate } from '../../../site/text-template'
import classes from './Header.module.css'
import { isSubMenu, type Link, type NavDropdown } from './nav-types'

function LinkItem({ link }: { link: Link }) {
  return (
    <li>
      <SiteLink to={link.to} className={classes.panelLink}>
        {link.label}
      </SiteLink>
    </li>
  )
}

/**
 * A main-menu dropdown: its button, and its panel, hidden until the button opens it
 * (header.enhance.ts). A sub-menu's list sits beside the panel's, hidden too; the panel widens by
 * `subMenuWidth` while one shows. The panel hangs under its button with CSS: it never moves, so
 * nothing positions it.
 */
export function DesktopDropdown({ dropdown, id }: { dropdown: NavDropdown; id: string }) {
  return (
    <div className={classes.dropdown} data-dropdown={dropdown.label}>
      <UnstyledButton className={classes.navLink} aria-expanded={false} aria-controls={id} data-menu-button>
        {dropdown.label}
        <IconChevronDown size={16} aria-hidden className={classes.chevron} />
      </UnstyledButton>
      <div
        id={id}
        className={classes.panel}
        style={{ width: dropdown.width }}
        data-width={dropdown.width}
        data-sub-menu-width={dropdown.subMenuWidth}
        data-testid={`dropdown-${dropdown.label}`}
        hidden
      >
        <ul className={classes.panelList} style={{ width: dropdown.width - 16 }}>
          {dropdown.items.map((entry, index) =>
            isSubMenu(entry) ? (
              <li key={entry.label}>
                <UnstyledButton className={classes.panelLink} aria-expanded={false} aria-controls={`${id}-${index}`} data-sub-menu-button={entry.label}>
                  {entry.label}
                  <IconChevronRight size={16} aria-hidden />
                </UnstyledButton>
              </li>
            ) : (
              <LinkItem key={entry.to} link={entry} />
            ),
          )}
        </ul>
        {dropdown.items.map(
          (entry, index) =>
            isSubMenu(entry) && (
              <ul key={entry.label} id={`${id}-${index}`} className={classes.subPanel} aria-label={entry.label} hidden>
                <LinkItem link={{ to: entry.to, label: fillTemplate(config.texts.menu.allOf, { label: entry.label }) }} />
                {entry.items.map((link) => (
                  <LinkItem key={link.to} link={link} />
                ))}
              </ul>
            ),
        )}
      </div>
    </div>
  )
}
