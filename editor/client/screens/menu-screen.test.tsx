import { fireEvent, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import { renderEditing } from '../test-support/render-editing'
import { SiteScreenView } from './SiteScreenView'
import { siteScreens } from './site-screens'

type Entry = { label: string; to?: string; items?: Entry[] }

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

const menuScreen = siteScreens.find((screen) => screen.id === 'menu')!
const allLabels = (entries: Entry[]): string[] => entries.flatMap((entry) => [entry.label, ...allLabels(entry.items ?? [])])

describe('the header menu screen', () => {
  // A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
  it('shows each kind of entry of the site’s menu as the link, dropdown or sub-menu it is, and renames an entry at its place', { timeout: 30_000 }, () => {
    const config = { ...siteConfig, navigation: { ...siteConfig.navigation, items: everyKindOnce(siteConfig.navigation.items as Entry[]) } } as unknown as SiteConfig
    const { container, config: edited } = renderEditing(config, (now) => <SiteScreenView config={now} screen={menuScreen} />)
    const entries = config.navigation.items as Entry[]
    const kinds = [...container.querySelectorAll<HTMLInputElement>('[role="radiogroup"] input:checked')].map((radio) => radio.labels?.[0]?.textContent)
    expect(kinds).toEqual(expectedKinds(entries))
    expect(kinds).toContain('Sub menu')
    const labels = new Set([...container.querySelectorAll('input')].map((input) => input.value))
    expect(allLabels(entries).filter((label) => !labels.has(label))).toEqual([])

    const career = entries.findIndex((entry) => entry.label === 'Career')
    const group = [...container.querySelectorAll('fieldset')].find((fieldset) => fieldset.querySelector(':scope > legend')?.textContent === `Item ${career + 1}`)!
    fireEvent.change(within(group).getByLabelText(/^Label/), { target: { value: 'Careers' } })
    expect(edited().navigation.items[career]).toEqual({ label: 'Careers', to: '/career' })
    expect(edited().navigation.items.filter((_, index) => index !== career)).toEqual(entries.filter((_, index) => index !== career))
  })
})
