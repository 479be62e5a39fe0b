import '@mantine/core/styles/Popover.css'
import { Popover, UnstyledButton } from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import { SiteLink } from '../../SiteLink'
import classes from './Header.module.css'
import { isSubMenu, type NavDropdown } from './nav-types'
import type { NavAction, NavState } from './nav-state'

interface Props {
  dropdown: NavDropdown
  state: NavState
  dispatch: (action: NavAction) => void
}

/** A main-menu dropdown; with a sub-menu open the panel widens to show it beside the list. */
export function DesktopDropdown({ dropdown, state, dispatch }: Props) {
  const opened = state.dropdown === dropdown.label
  const openSub = dropdown.items.find((entry) => isSubMenu(entry) && entry.label === state.subMenu)
  const width = (dropdown.width ?? 280) + (openSub ? (dropdown.subMenuWidth ?? 240) : 0)
  const close = () => dispatch({ type: 'closeAll' })

  return (
    <Popover
      opened={opened}
      onChange={(next) => !next && close()}
      position="bottom-start"
      offset={12}
      withinPortal={false}
      shadow="lg"
      radius="md"
      closeOnEscape
      returnFocus
    >
      <Popover.Target>
        <UnstyledButton
          className={classes.navLink}
          aria-expanded={opened}
          data-active={opened || undefined}
          onClick={() => dispatch({ type: 'toggleDropdown', label: dropdown.label })}
        >
          {dropdown.label}
          <IconChevronDown size={16} aria-hidden className={classes.chevron} />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown className={classes.panel} style={{ width }} data-testid={`dropdown-${dropdown.label}`}>
        <ul className={classes.panelList} style={{ width: dropdown.width ?? 280 }}>
          {dropdown.items.map((entry) =>
            isSubMenu(entry) ? (
              <li key={entry.label}>
                <UnstyledButton
                  className={classes.panelLink}
                  aria-expanded={state.subMenu === entry.label}
                  onClick={() => dispatch({ type: 'toggleSubMenu', label: entry.label })}
                >
                  {entry.label}
                  <IconChevronRight size={16} aria-hidden />
                </UnstyledButton>
              </li>
            ) : (
              <li key={entry.to}>
                <SiteLink to={entry.to} className={classes.panelLink} onClick={close}>
                  {entry.label}
                </SiteLink>
              </li>
            ),
          )}
        </ul>
        {openSub && isSubMenu(openSub) && (
          <ul className={classes.subPanel} aria-label={openSub.label}>
            <li>
              <SiteLink to={openSub.to} className={classes.panelLink} onClick={close}>
                All {openSub.label}
              </SiteLink>
            </li>
            {openSub.items.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className={classes.panelLink} onClick={close}>
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        )}
      </Popover.Dropdown>
    </Popover>
  )
}
