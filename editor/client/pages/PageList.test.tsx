import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen as page, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import { translatableTexts } from '../../../authoring/translations/translatable-texts'
import { schemaFiles } from '../../schema-files'
import { setIn } from '../state/json-path'
import { inEnglishAndBengali } from '../test-support/two-languages'
import { PageList } from './PageList'

const twoLanguages = inEnglishAndBengali()
const about = twoLanguages.routes.findIndex((route) => route.path === '/about')
/** The About page with its title given in Bengali: it is then in Bengali, and every other text of it lacks its Bengali words. */
const aboutInBengali = setIn(twoLanguages, ['routes', about, 'title'], { en: 'About Us', bn: 'আমাদের কথা' })

/** The config with every text of the About page given in Bengali too. */
function aboutTranslated(config: SiteConfig): SiteConfig {
  return translatableTexts(config, schemaFiles)
    .filter(({ path }) => path[0] === 'routes' && path[1] === about)
    .reduce((translated, { path, value }) => setIn(translated, path, { en: typeof value === 'string' ? value : 'x', bn: 'বাংলা লেখা' }), config)
}

function list(config: SiteConfig) {
  const shown = render(
    <MantineProvider>
      <PageList config={config} selected={null} onSelect={() => {}} />
    </MantineProvider>,
  )
  return {
    ...shown,
    again: (next: SiteConfig) =>
      shown.rerender(
        <MantineProvider>
          <PageList config={next} selected={null} onSelect={() => {}} />
        </MantineProvider>,
      ),
  }
}
const listed = () => within(page.getByRole('list', { name: 'Pages' })).getAllByRole('listitem')
const onlyMissing = () => page.getByRole('switch', { name: 'Missing translations only' })

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('the page list’s missing translations', { timeout: 60_000 }, () => {
  it('keeps, when asked, only the pages that lack a translation, each with its count and languages', () => {
    list(aboutInBengali)
    expect(listed()).toHaveLength(twoLanguages.routes.length)
    fireEvent.click(onlyMissing())
    // Every other page is in English only, which all its texts are in.
    expect(listed()).toHaveLength(1)
    expect(listed()[0]!.textContent).toMatch(/^About Us\/about.*\d+ texts missing in বাংলা$/)
  })

  it('counts down as the page’s texts are translated, and lets the page go once none is left', () => {
    const { again } = list(aboutInBengali)
    fireEvent.click(onlyMissing())
    const countOf = () => Number(/(\d+) texts? missing/.exec(listed()[0]!.textContent!)![1])
    const before = countOf()
    const index = twoLanguages.routes[about]!.blocks.findIndex((block) => block.type === 'textSection')
    again(setIn(aboutInBengali, ['routes', about, 'blocks', index, 'heading'], { en: 'Our Story', bn: 'আমাদের গল্প' }))
    expect(countOf()).toBe(before - 1)
    again(aboutTranslated(aboutInBengali))
    expect(page.getByRole('list', { name: 'Pages' }).children).toHaveLength(0)
    expect(page.getByText(`0 of ${twoLanguages.routes.length} pages`)).toBeTruthy()
  })

  it('has no such switch in a site of one language', () => {
    list(setIn(twoLanguages, ['site', 'locales'], undefined))
    expect(page.queryByRole('switch', { name: 'Missing translations only' })).toBeNull()
    expect(page.queryByText(/missing in/)).toBeNull()
  })
})
