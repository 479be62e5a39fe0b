import type { Enhancer } from '../../../kit/enhancer'
import { closedNav, headerFade, navReducer, type NavAction, type NavState } from './nav-state'

/**
 * The main menu's dropdowns (the rules of nav-state.ts): a button opens its panel and closes any
 * other, a sub-menu's button shows its list beside the panel, which widens for it; a press outside
 * the open dropdown, Escape (focus back on its button) or following a link closes it.
 */
function enhanceDropdowns(header: HTMLElement): () => void {
  let state: NavState = closedNav
  const dropdowns = () => [...header.querySelectorAll<HTMLElement>('[data-dropdown]')]
  const openDropdown = () => dropdowns().find((dropdown) => dropdown.dataset.dropdown === state.dropdown)

  const show = () => {
    for (const dropdown of dropdowns()) {
      const opened = dropdown.dataset.dropdown === state.dropdown
      const button = dropdown.querySelector<HTMLElement>('[data-menu-button]')
      const panel = document.getElementById(button?.getAttribute('aria-controls') ?? '')
      if (!button || !panel) continue
      button.setAttribute('aria-expanded', String(opened))
      button.toggleAttribute('data-active', opened)
      panel.hidden = !opened
      let subMenuShown = false
      for (const subButton of panel.querySelectorAll<HTMLElement>('[data-sub-menu-button]')) {
        const shown = opened && subButton.dataset.subMenuButton === state.subMenu
        subButton.setAttribute('aria-expanded', String(shown))
        const list = document.getElementById(subButton.getAttribute('aria-controls') ?? '')
        if (list) list.hidden = !shown
        subMenuShown ||= shown
      }
      panel.style.width = `${Number(panel.dataset.width) + (subMenuShown ? Number(panel.dataset.subMenuWidth) : 0)}px`
    }
  }
  const dispatch = (action: NavAction) => {
    const next = navReducer(state, action)
    if (next === state) return
    state = next
    show()
  }

  const onClick = (event: MouseEvent) => {
    const target = event.target as Element
    const menuButton = target.closest('[data-menu-button]')
    const subButton = target.closest<HTMLElement>('[data-sub-menu-button]')
    if (menuButton) dispatch({ type: 'toggleDropdown', label: menuButton.closest<HTMLElement>('[data-dropdown]')!.dataset.dropdown! })
    else if (subButton) dispatch({ type: 'toggleSubMenu', label: subButton.dataset.subMenuButton! })
    else if (target.closest('a')) dispatch({ type: 'closeAll' })
  }
  const onPressOutside = (event: PointerEvent) => {
    if (state.dropdown !== null && !openDropdown()?.contains(event.target as Node)) dispatch({ type: 'closeAll' })
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || state.dropdown === null) return
    const button = openDropdown()?.querySelector<HTMLElement>('[data-menu-button]')
    dispatch({ type: 'closeAll' })
    button?.focus()
  }
  // One signal takes every listener away again.
  const listening = new AbortController()
  const { signal } = listening
  header.addEventListener('click', onClick, { signal })
  document.addEventListener('pointerdown', onPressOutside, { signal })
  window.addEventListener('keydown', onKeyDown, { signal })
  return () => listening.abort()
}

/**
 * The phone menu: the burger opens the dialog as the browser's modal (focus kept inside, Escape
 * closes it, focus back on the burger); its close button, a press on the backdrop or following a
 * link closes it; its sections open one at a time.
 */
function enhanceMobileMenu(header: HTMLElement): () => void {
  const burger = header.querySelector<HTMLElement>('[data-mobile-menu-button]')
  const dialog = header.querySelector<HTMLDialogElement>('[data-mobile-menu]')
  if (!burger || !dialog) return () => {}

  const showOpened = (opened: boolean) => {
    burger.setAttribute('aria-expanded', String(opened))
    burger.setAttribute('aria-label', (opened ? burger.dataset.labelClose : burger.dataset.labelOpen) ?? '')
  }
  const toggleSection = (button: Element) => {
    for (const section of dialog.querySelectorAll<HTMLElement>('[data-section-button]')) {
      const opened = section === button && section.getAttribute('aria-expanded') !== 'true'
      section.setAttribute('aria-expanded', String(opened))
      const panel = document.getElementById(section.getAttribute('aria-controls') ?? '')
      if (panel) panel.hidden = !opened
    }
  }

  const onBurger = () => {
    if (dialog.open) return dialog.close()
    dialog.showModal()
    showOpened(true)
  }
  const onDialogClick = (event: MouseEvent) => {
    const target = event.target as Element
    const section = target.closest('[data-section-button]')
    // The dialog's content fills it: a press on the dialog element itself is on its backdrop.
    if (section) toggleSection(section)
    else if (target === dialog || target.closest('[data-close-menu]') || target.closest('a')) dialog.close()
  }
  const onClose = () => showOpened(false)
  const listening = new AbortController()
  const { signal } = listening
  burger.addEventListener('click', onBurger, { signal })
  dialog.addEventListener('click', onDialogClick, { signal })
  dialog.addEventListener('close', onClose, { signal })
  return () => {
    listening.abort()
    if (dialog.open) dialog.close()
  }
}

/** A transparent header turns solid over the first 300 px of scroll (headerFade). */
function followScroll(header: HTMLElement): () => void {
  if (!header.hasAttribute('data-transparent')) return () => {}
  const fade = () => {
    const { progress, blur } = headerFade(window.scrollY)
    header.style.setProperty('--header-progress', String(progress))
    header.style.setProperty('--header-blur', `${blur}px`)
  }
  fade()
  window.addEventListener('scroll', fade, { passive: true })
  return () => window.removeEventListener('scroll', fade)
}

/** The header's behaviour on its markup (Header.tsx), with no React: menus and the fade on scroll. */
const enhanceHeader: Enhancer = (header) => {
  const undo = [enhanceDropdowns(header), enhanceMobileMenu(header), followScroll(header)]
  return () => undo.forEach((run) => run())
}
export default enhanceHeader
