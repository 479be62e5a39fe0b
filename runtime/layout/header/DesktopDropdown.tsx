import { UnstyledButton } from '@mantine/core'
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react'
import { useClickOutside, useWindowEvent } from '@mantine/hooks'
import { useRef } from 'react'
import { NavLinkItem } from './NavLinkItem'
import classes from './Header.module.css'
import { isSubMenu, type NavDropdown } from './nav-types'
import type { NavAction, NavState } from './nav-state'

interface Props {
  dropdown: NavDropdown
  state: NavState
  dispatch: (action: NavAction) => void
}

/**
 * A main-menu dropdown; with a sub-menu open the panel widens to show it beside the list.
 * The panel hangs under its button with CSS. Mantine's Popover would position it for us, but
 * brings floating-ui into the JavaScript every page must hydrate, for a panel that never moves.
 */
export function DesktopDropdown({ dropdown, state, dispatch }: Props) {
  const opened = state.dropdown === dropdown.label
  const openSub = dropdown.items.find((entry) => isSubMenu(entry) && entry.label === state.subMenu)
  const baseWidth = dropdown.width
  const width = baseWidth + (openSub ? dropdown.subMenuWidth : 0)
  const button = useRef<HTMLButtonElement>(null)
  const close = () => dispatch({ type: 'closeAll' })
  // While open: a press outside closes it, Escape closes it and returns focus to its button.
  const root = useClickOutside<HTMLDivElement>(() => opened && close())
  useWindowEvent('keydown', (event) => {
    if (!opened || event.key !== 'Escape') return
    close()
    button.current?.focus()
  })
  const panelId = `menu-${dropdown.label.toLowerCase().replace(/\W+/g, '-')}`

  return (
    <div ref={root} className={classes.dropdown}>
      <UnstyledButton
        ref={button}
        className={classes.navLink}
        aria-expanded={opened}
        aria-controls={panelId}
        data-active={opened || undefined}
        onClick={() => dispatch({ type: 'toggleDropdown', label: dropdown.label })}
      >
        {dropdown.label}
        <IconChevronDown size={16} aria-hidden className={classes.chevron} />
      </UnstyledButton>
      {opened && (
        <div id={panelId} className={classes.panel} style={{ width }} data-testid={`dropdown-${dropdown.label}`}>
          <ul className={classes.panelList} style={{ width: baseWidth - 16 }}>
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
                <NavLinkItem key={entry.to} to={entry.to} label={entry.label} className={classes.panelLink} onNavigate={close} />
              ),
            )}
          </ul>
          {openSub && isSubMenu(openSub) && (
            <ul className={classes.subPanel} aria-label={openSub.label}>
              <NavLinkItem to={openSub.to} label={`All ${openSub.label}`} className={classes.panelLink} onNavigate={close} />
              {openSub.items.map((link) => (
                <NavLinkItem key={link.to} to={link.to} label={link.label} className={classes.panelLink} onNavigate={close} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
