import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { Navigation } from '../../../site/generated/site-config'
import { FieldContext } from '../form/field-context'
import { MenuEditor } from './MenuEditor'

type Entry = { label: string; items?: Entry[] }

/** The kind each entry's picker should show, in page order: a sub-menu's own links are plain links, with no picker. */
const expectedKinds = (entries: Entry[]) =>
  entries.flatMap((entry) => (entry.items ? ['Dropdown', ...entry.items.map((panelEntry) => (panelEntry.items ? 'Sub menu' : 'Link'))] : ['Link']))

/**
 * The site's menu with each panel cut to its first link and first sub-menu, and each sub-menu to
 * one link: every kind of entry the site uses, in a form small enough to render quickly in jsdom.
 */
function everyKindOnce(entries: Entry[]): Entry[] {
  return entries.map((entry) => {
    if (!entry.items) return entry
    const link = entry.items.find((panelEntry) => !panelEntry.items)
    const subMenu = entry.items.find((panelEntry) => panelEntry.items)
    return { ...entry, items: [link, subMenu && { ...subMenu, items: subMenu.items!.slice(0, 1) }].filter((panelEntry) => panelEntry !== undefined) }
  })
}

describe('the header menu screen', () => {
  // A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
  it('shows each kind of entry of the site’s menu as the link, dropdown or sub-menu it is, with its label to edit', { timeout: 30_000 }, () => {
    const navigation = { ...siteConfig.navigation, items: everyKindOnce(siteConfig.navigation.items as Entry[]) } as Navigation
    const { container } = render(
      <MantineProvider>
        <FieldContext.Provider value={{ change: () => {}, problems: new Map(), routes: [], images: [] }}>
          <MenuEditor navigation={navigation} />
        </FieldContext.Provider>
      </MantineProvider>,
    )
    const kinds = [...container.querySelectorAll<HTMLInputElement>('[role="radiogroup"] input:checked')].map((radio) => radio.labels?.[0]?.textContent)
    expect(kinds).toEqual(expectedKinds(navigation.items as Entry[]))
    expect(kinds).toContain('Sub menu')
    const labels = new Set([...container.querySelectorAll('input')].map((input) => input.value))
    const allLabels = (entries: Entry[]): string[] => entries.flatMap((entry) => [entry.label, ...allLabels(entry.items ?? [])])
    expect(allLabels(navigation.items as Entry[]).filter((label) => !labels.has(label))).toEqual([])
  })
})
