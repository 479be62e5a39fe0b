import { UnstyledButton } from '@mantine/core'
import { useClickOutside, useWindowEvent } from '@mantine/hooks'
import { IconChevronRight } from '@tabler/icons-react'
import { config } from '../../../kit/config'
import { fillTemplate } from '../../../site/text-template'
import { NavLinkItem } from './NavLinkItem'
import classes from './Header.module.css'
import { isSubMenu, type NavDropdown } from './nav-types'
import type { NavAction } from './nav-state'

interface Props {
  id: string
  dropdown: NavDropdown
  subMenu: string | null
  dispatch: (action: NavAction) => void
  /** The dropdown (its button and this panel): a press outside it closes the panel. */
  root: HTMLElement | null
  /** Where Escape returns focus. */
  button: HTMLElement | null
}

/**
 * The open panel of a main-menu dropdown; with a sub-menu open it widens to show it beside the
 * list. It hangs under its button with CSS. Mantine's Popover would position it for us, but its
 * target wraps the menu button, which every page hydrates, and floating-ui would come with it into
 * the start-up JavaScript, for a panel that never moves.
 */
export default function DropdownPanel({ id, dropdown, subMenu, dispatch, root, button }: Props) {
  const openSub = dropdown.items.find((entry) => isSubMenu(entry) && entry.label === subMenu)
  const width = dropdown.width + (openSub ? dropdown.subMenuWidth : 0)
  const close = () => dispatch({ type: 'closeAll' })
  useClickOutside(close, null, [root])
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape') return
    close()
    button?.focus()
  })

  return (
    <div id={id} className={classes.panel} style={{ width }} data-testid={`dropdown-${dropdown.label}`}>
      <ul className={classes.panelList} style={{ width: dropdown.width - 16 }}>
        {dropdown.items.map((entry) =>
          isSubMenu(entry) ? (
            <li key={entry.label}>
              <UnstyledButton className={classes.panelLink} aria-expanded={subMenu === entry.label} onClick={() => dispatch({ type: 'toggleSubMenu', label: entry.label })}>
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
          <NavLinkItem to={openSub.to} label={fillTemplate(config.texts.menu.allOf, { label: openSub.label })} className={classes.panelLink} onNavigate={close} />
          {openSub.items.map((link) => (
            <NavLinkItem key={link.to} to={link.to} label={link.label} className={classes.panelLink} onNavigate={close} />
          ))}
        </ul>
      )}
    </div>
  )
}
