/**
 * Open/closed state of the desktop menus: at most one dropdown and one sub-menu at a time.
 * Kept as a pure reducer so the rules are unit-tested without a browser.
 */
export interface NavState {
  dropdown: string | null
  subMenu: string | null
}

export type NavAction = { type: 'toggleDropdown'; label: string } | { type: 'toggleSubMenu'; label: string } | { type: 'closeAll' }

export const closedNav: NavState = { dropdown: null, subMenu: null }

export function navReducer(state: NavState, action: NavAction): NavState {
  switch (action.type) {
    case 'toggleDropdown':
      return state.dropdown === action.label ? closedNav : { dropdown: action.label, subMenu: null }
    case 'toggleSubMenu':
      if (state.dropdown === null) return state
      return { ...state, subMenu: state.subMenu === action.label ? null : action.label }
    case 'closeAll':
      return state.dropdown === null ? state : closedNav
  }
}

/** How far the transparent header has turned solid: 0 at the top, 1 from 300 px of scroll. */
const HEADER_FADE_DISTANCE = 300
const HEADER_MAX_BLUR = 8

export function headerFade(scrollY: number): { progress: number; blur: number } {
  const progress = Math.min(Math.max(scrollY / HEADER_FADE_DISTANCE, 0), 1)
  return { progress, blur: Math.round(progress * HEADER_MAX_BLUR * 10) / 10 }
}
