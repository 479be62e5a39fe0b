import { UnstyledButton } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import classes from './Header.module.css'
import type { NavDropdown } from './nav-types'
import type { NavAction, NavState } from './nav-state'

// The panel is loaded when the visitor heads for a menu (pointer over it, focus on its button, a
// press), keeping it out of the JavaScript every page hydrates, as the phone drawer is.
const loadPanel = () => import('./DropdownPanel')
const DropdownPanel = lazy(loadPanel)

interface Props {
  dropdown: NavDropdown
  state: NavState
  dispatch: (action: NavAction) => void
}

/** A main-menu dropdown: its button, and its panel while open. */
export function DesktopDropdown({ dropdown, state, dispatch }: Props) {
  const opened = state.dropdown === dropdown.label
  const [root, setRoot] = useState<HTMLDivElement | null>(null)
  const [button, setButton] = useState<HTMLButtonElement | null>(null)
  const panelId = `menu-${dropdown.label.toLowerCase().replace(/\W+/g, '-')}`
  const prepare = () => void loadPanel()

  return (
    <div ref={setRoot} className={classes.dropdown} onPointerEnter={prepare}>
      <UnstyledButton
        ref={setButton}
        className={classes.navLink}
        aria-expanded={opened}
        aria-controls={panelId}
        data-active={opened || undefined}
        onFocus={prepare}
        onClick={() => dispatch({ type: 'toggleDropdown', label: dropdown.label })}
      >
        {dropdown.label}
        <IconChevronDown size={16} aria-hidden className={classes.chevron} />
      </UnstyledButton>
      {opened && (
        <Suspense fallback={null}>
          <DropdownPanel id={panelId} dropdown={dropdown} subMenu={state.subMenu} dispatch={dispatch} root={root} button={button} />
        </Suspense>
      )}
    </div>
  )
}
