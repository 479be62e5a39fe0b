import { act, fireEvent, screen as page, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import type { EditorProblem } from '../api/editor-api'
import { goToField } from '../form/field-anchor'
import { pathKey, type JsonPath } from '../state/json-path'
import { renderEditing } from '../test-support/render-editing'
import { SiteScreenView } from './SiteScreenView'
import { siteScreens } from './site-screens'

type Entry = { label: string; to?: string; items?: Entry[] }

const shipped = siteConfig as unknown as SiteConfig
const entries = shipped.navigation.items as Entry[]
const menuScreen = siteScreens.find((screen) => screen.id === 'menu')!
const allLabels = (list: Entry[]): string[] => list.flatMap((entry) => [entry.label, ...allLabels(entry.items ?? [])])

/**
 * The site's menu with the Services panel cut to its sub-menu (with two of its links) and one more
 * link: every kind of entry, few enough for jsdom to render quickly. The full menu is rendered once.
 */
const small = (() => {
  const [security, cyber] = entries[2]!.items!
  const services = { ...entries[2]!, items: [{ ...security!, items: security!.items!.slice(0, 2) }, cyber!] }
  return { ...shipped, navigation: { items: entries.map((entry, index) => (index === 2 ? services : entry)) } } as unknown as SiteConfig
})()

function openMenu(config = small, problems = new Map<string, EditorProblem[]>()) {
  const rendered = renderEditing(config, (now) => <SiteScreenView config={now} screen={menuScreen} />, { problems })
  return { ...rendered, tree: page.getByRole('tree', { name: 'Header menu' }) }
}

/** An entry's line (its treeitem), found by the name its line shows. */
const line = (tree: HTMLElement, name: string) =>
  within(tree)
    .getAllByRole('treeitem')
    .find((item) => lineName(item) === name)!
/** The name a line shows: its toggle's first text, without the address beside it. */
const lineName = (item: Element) => item.querySelector(':scope > div [aria-expanded] p')?.textContent
const topNames = (tree: HTMLElement) => [...tree.querySelectorAll(':scope > li')].map(lineName)
const toggleOf = (tree: HTMLElement, name: string) => line(tree, name).querySelector<HTMLElement>(':scope > div [aria-expanded]')!
const announced = () => page.getByRole('status').textContent

const problem = (path: JsonPath, message: string) =>
  ({ path, message, file: 'site.config.json', line: 1, column: 1, where: 'raw', code: 'schema', pointer: '', kind: 'schema', order: 1 }) as unknown as EditorProblem

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('the header menu screen', { timeout: 30_000 }, () => {
  it('is a tree of one line per entry, a dropdown’s and a sub-menu’s entries under it, every form closed', () => {
    const { tree } = openMenu(shipped)
    expect(within(tree).getAllByRole('treeitem').map(lineName)).toEqual(allLabels(entries))
    expect(topNames(tree)).toEqual(entries.map((entry) => entry.label))
    const services = line(tree, 'Services')
    expect([...services.querySelectorAll(':scope > ul > li')].map(lineName)).toEqual(entries[2]!.items!.map((entry) => entry.label))
    expect(within(tree).queryAllByRole('textbox')).toEqual([])
  })

  it('opens one entry at a time to its form, where its label is renamed at its place and nowhere else', () => {
    const { tree, config } = openMenu()
    fireEvent.click(toggleOf(tree, 'Career'))
    const label = within(tree).getByRole('textbox', { name: /^Label/ })
    expect(label).toHaveProperty('value', 'Career')
    fireEvent.change(label, { target: { value: 'Careers' } })
    const career = entries.findIndex((entry) => entry.label === 'Career')
    expect(config().navigation.items[career]).toEqual({ label: 'Careers', to: '/career' })
    expect(config().navigation.items.filter((_, index) => index !== career)).toEqual(small.navigation.items.filter((_, index) => index !== career))

    fireEvent.click(toggleOf(tree, 'Contact'))
    expect(
      within(tree)
        .getAllByRole('textbox', { name: /^Label/ })
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Contact'])
  })

  it('moves the entry whose line has the focus with Alt and an arrow, says where it went, and keeps the focus on it', () => {
    const { tree, config } = openMenu()
    const contact = line(tree, 'Contact')
    contact.focus()
    fireEvent.keyDown(contact, { key: 'ArrowUp', code: 'ArrowUp', altKey: true })
    expect(config().navigation.items.map((entry) => entry.label)).toEqual(['Home', 'About Us', 'Services', 'Resources', 'Contact', 'Get Quote', 'Career'])
    expect(announced()).toBe('Contact moved at the top level: position 5 of 7.')
    expect(document.activeElement).toBe(line(tree, 'Contact'))

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', code: 'ArrowRight', altKey: true })
    expect(config().navigation.items[3]).toEqual({ ...entries[3], items: [...entries[3]!.items!, { label: 'Contact', to: '/contact' }] })
    expect(announced()).toBe('Contact moved into Resources: position 4 of 4.')
  })

  it('refuses a move the schema does not take, saying why, and changes nothing', () => {
    const { tree, config } = openMenu()
    const security = line(tree, 'Security Solutions')
    security.focus()
    fireEvent.keyDown(security, { key: 'ArrowLeft', code: 'ArrowLeft', altKey: true })
    expect(announced()).toBe('Security Solutions cannot go to the top level: a sub menu does not fit there.')
    expect(config()).toBe(small)
    // The line's button says so before it is tried.
    expect(within(tree).getByRole('button', { name: 'Move Security Solutions out of Services' })).toHaveProperty('disabled', true)
  })

  it('shows a closed entry’s problem on its line, and a problem’s field opens the entry it is in', async () => {
    const to = ['navigation', 'items', 2, 'items', 0, 'to']
    const { tree } = openMenu(small, new Map([[pathKey(to), [problem(to, 'The link leads nowhere.')]]]))
    expect(line(tree, 'Security Solutions').querySelector(':scope > div')!.textContent).toContain('The link leads nowhere.')
    expect(toggleOf(tree, 'Security Solutions').getAttribute('aria-expanded')).toBe('false')
    await act(async () => expect(await goToField(to)).toBe(true))
    expect(toggleOf(tree, 'Security Solutions').getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement).toBe(within(line(tree, 'Security Solutions')).getByRole('combobox', { name: /^To/ }))
  })
})
