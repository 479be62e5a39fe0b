import { describe, expect, it } from 'vitest'
import { closedNav, headerFade, navReducer } from '../../runtime/layout/header/nav-state'

describe('desktop menu state', () => {
  it('opens one dropdown at a time and a second click closes it', () => {
    const services = navReducer(closedNav, { type: 'toggleDropdown', label: 'Services' })
    expect(services).toEqual({ dropdown: 'Services', subMenu: null })
    const resources = navReducer(services, { type: 'toggleDropdown', label: 'Resources' })
    expect(resources).toEqual({ dropdown: 'Resources', subMenu: null })
    expect(navReducer(resources, { type: 'toggleDropdown', label: 'Resources' })).toEqual(closedNav)
  })

  it('keeps at most one sub-menu open and drops it with its dropdown', () => {
    let state = navReducer(closedNav, { type: 'toggleDropdown', label: 'Services' })
    state = navReducer(state, { type: 'toggleSubMenu', label: 'Security Solutions' })
    expect(state.subMenu).toBe('Security Solutions')
    state = navReducer(state, { type: 'toggleSubMenu', label: 'Other' })
    expect(state.subMenu).toBe('Other')
    state = navReducer(state, { type: 'toggleDropdown', label: 'Resources' })
    expect(state.subMenu).toBeNull()
  })

  it('ignores a sub-menu toggle with no dropdown open and closes everything on closeAll', () => {
    expect(navReducer(closedNav, { type: 'toggleSubMenu', label: 'Security Solutions' })).toBe(closedNav)
    const open = navReducer(closedNav, { type: 'toggleDropdown', label: 'Services' })
    expect(navReducer(open, { type: 'closeAll' })).toEqual(closedNav)
  })
})

describe('transparent header fade', () => {
  it('goes from clear at the top to solid with 8px blur at 300px of scroll', () => {
    expect(headerFade(0)).toEqual({ progress: 0, blur: 0 })
    expect(headerFade(150)).toEqual({ progress: 0.5, blur: 4 })
    expect(headerFade(300)).toEqual({ progress: 1, blur: 8 })
    expect(headerFade(2000)).toEqual({ progress: 1, blur: 8 })
    expect(headerFade(-40)).toEqual({ progress: 0, blur: 0 })
  })
})
