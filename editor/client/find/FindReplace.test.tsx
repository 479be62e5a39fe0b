import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen as page, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import { setIn } from '../state/json-path'
import { inEnglishAndBengali } from '../test-support/two-languages'
import { FindReplace } from './FindReplace'

const twoLanguages = inEnglishAndBengali()
const about = twoLanguages.routes.findIndex((route) => route.path === '/about')
const translated = setIn(setIn(twoLanguages, ['routes', about, 'title'], { en: 'About Us', bn: 'আমাদের কথা' }), ['routes', about, 'description'], {
  en: 'Our story since 2016.',
  bn: 'আমাদের কথা, ২০১৬ থেকে।',
})

function findIn(config: SiteConfig) {
  const replaced = vi.fn<(next: SiteConfig) => void>()
  const shown = vi.fn()
  render(
    <MantineProvider>
      <FindReplace config={config} onReplace={replaced} onShow={shown} />
    </MantineProvider>,
  )
  fireEvent.click(page.getByRole('button', { name: 'Find & replace' }))
  const panel = within(page.getByRole('region', { name: 'Find and replace' }))
  return { panel, replaced, shown }
}

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('find and replace in a site of two languages', { timeout: 60_000 }, () => {
  it('finds words inside translations, each named by the language it is in, and goes to that language’s box', () => {
    const { panel, shown } = findIn(translated)
    fireEvent.change(panel.getByRole('textbox', { name: 'Find' }), { target: { value: 'আমাদের কথা' } })
    expect(panel.getByText('2 matches in 2 places')).toBeTruthy()
    const places = within(panel.getByRole('list', { name: 'Matches' }))
      .getAllByRole('listitem')
      .map((row) => row.querySelector('p')!.textContent)
    expect(places).toEqual(['About Us › Title › বাংলা', 'About Us › Description › বাংলা'])
    fireEvent.click(panel.getByText('About Us › Title › বাংলা'))
    expect(shown).toHaveBeenCalledWith(['routes', about, 'title', 'bn'])
  })

  it('replaces inside a translation and leaves the other languages’ words as they were', () => {
    const { panel, replaced } = findIn(translated)
    fireEvent.change(panel.getByRole('textbox', { name: 'Find' }), { target: { value: 'কথা' } })
    fireEvent.change(panel.getByRole('textbox', { name: 'Replace with' }), { target: { value: 'গল্প' } })
    fireEvent.click(panel.getByRole('button', { name: 'Replace all' }))
    const next = replaced.mock.lastCall![0]
    expect(next.routes[about]!.title).toEqual({ en: 'About Us', bn: 'আমাদের গল্প' })
    expect(next.routes[about]!.description).toEqual({ en: 'Our story since 2016.', bn: 'আমাদের গল্প, ২০১৬ থেকে।' })
  })

  it('finds an English word in a translated text as in a plain one', () => {
    const { panel, replaced } = findIn(translated)
    fireEvent.change(panel.getByRole('textbox', { name: 'Find' }), { target: { value: 'Our story since' } })
    expect(within(panel.getByRole('list', { name: 'Matches' })).getByText('About Us › Description › English')).toBeTruthy()
    fireEvent.change(panel.getByRole('textbox', { name: 'Replace with' }), { target: { value: 'Our work since' } })
    fireEvent.click(panel.getByRole('button', { name: 'Replace in About Us › Description › English' }))
    expect(replaced.mock.lastCall![0].routes[about]!.description).toEqual({ en: 'Our work since 2016.', bn: 'আমাদের কথা, ২০১৬ থেকে।' })
  })
})
