import { useCallback, useReducer } from 'react'
import { config } from '../../../kit/config'
import { SiteLink } from '../../../kit/SiteLink'
import { DesktopDropdown } from './DesktopDropdown'
import classes from './Header.module.css'
import { isDropdown, type NavItem } from './nav-types'
import { closedNav, navReducer } from './nav-state'
import { usePathnameChange } from './use-pathname-change'

export function DesktopNav({ items }: { items: NavItem[] }) {
  const [state, dispatch] = useReducer(navReducer, closedNav)
  usePathnameChange(useCallback(() => dispatch({ type: 'closeAll' }), []))

  return (
    <nav aria-label={config.texts.menu.main} className={classes.desktopNav}>
      {items.map((item) =>
        isDropdown(item) ? (
          <DesktopDropdown key={item.label} dropdown={item} state={state} dispatch={dispatch} />
        ) : (
          <SiteLink key={item.to} to={item.to} className={classes.navLink} activeProps={{ 'data-active': true }}>
            {item.label}
          </SiteLink>
        ),
      )}
    </nav>
  )
}
