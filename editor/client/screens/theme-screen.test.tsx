import { fireEvent, screen as page, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import { themePalettes } from '../../../site/theme-palettes.ts'
import { renderEditing } from '../test-support/render-editing'
import { SiteScreenView } from './SiteScreenView'
import { siteScreens } from './site-screens'

const shipped = siteConfig as unknown as SiteConfig
const themeScreen = siteScreens.find((screen) => screen.id === 'theme')!

const open = (config = shipped) => renderEditing(config, (now) => <SiteScreenView config={now} screen={themeScreen} />)
const shades = (name: string) =>
  within(page.getByRole('list', { name: `${name} shades` }))
    .getAllByRole('img')
    .map((swatch) => swatch.getAttribute('aria-label'))
const contrastRows = () =>
  within(page.getByRole('table', { name: 'Text contrast' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]!.textContent)
const primaryInput = () => document.querySelector<HTMLInputElement>(`[data-field-path='["site","theme","primaryColor"]'] input`)!

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('the theme screen', { timeout: 60_000 }, () => {
  it('shows the ten shades the build makes of each colour and the contrast of the site’s text on them', () => {
    open()
    expect(primaryInput().value).toBe('#0040c5')
    const palettes = themePalettes(shipped.site.theme!)
    expect(shades('Primary colour')).toEqual(palettes.brand.map((shade, index) => `Shade ${index}: ${shade}`))
    expect(shades('Accent colour')).toEqual(palettes.accent.map((shade, index) => `Shade ${index}: ${shade}`))
    expect(shades('Accent’s bright tints')).toEqual(palettes.highlight.map((shade, index) => `Shade ${index}: ${shade}`))
    expect(contrastRows()).toEqual(['8.26:1Readable', '5.98:1Readable', '8.31:1Readable'])
  })

  it('follows a colour typed in: a light primary colour makes the button labels too faint, and one click takes the darker shade that passes', () => {
    const { config } = open()
    fireEvent.change(primaryInput(), { target: { value: '#5c7cfa' } })
    expect(config().site.theme!.primaryColor).toBe('#5c7cfa')
    expect(shades('Primary colour')[6]).toBe('Shade 6: #5c7cfa')
    const [buttonLabels] = contrastRows()
    expect(buttonLabels).toBe('3.67:1Too faintUse #4e69d5')
    fireEvent.click(page.getByRole('button', { name: 'Use #4e69d5' }))
    expect(config().site.theme).toEqual({ ...shipped.site.theme, primaryColor: '#4e69d5' })
    expect(contrastRows()[0]).toBe('4.87:1Readable')
  })

  it('shows the schema’s default colours while the config has no theme, with a button to give it one', () => {
    const { site, ...rest } = shipped
    const { theme: _theme, ...siteWithoutTheme } = site
    const { config } = open({ ...rest, site: siteWithoutTheme } as SiteConfig)
    expect(shades('Primary colour')[6]).toBe('Shade 6: #0040c5')
    fireEvent.click(page.getByRole('button', { name: 'Add theme' }))
    expect(config().site.theme).toEqual({ primaryColor: '#0040c5', accentColor: '#0891b2' })
  })
})
