import { fireEvent, screen as page, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import { PageSettings } from '../pages/PageSettings'
import { renderEditing } from '../test-support/render-editing'
import { inEnglishAndBengali } from '../test-support/two-languages'
import { BlockEditor } from '../blocks/BlockEditor'

const shipped = siteConfig as unknown as SiteConfig
const about = shipped.routes.findIndex((route) => route.path === '/about')

const settingsOf = (config: SiteConfig) =>
  renderEditing(config, (current, replace) => <PageSettings config={current} routeIndex={about} onAddressChange={(next) => replace(next)} />)
const settings = () => within(page.getByRole('region', { name: 'Page settings' }))
/** A text's inputs, one per language: the group named by the field's label. */
const languagesOf = (field: string) => within(settings().getByRole('group', { name: field }))

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('a text in a site of two languages', { timeout: 60_000 }, () => {
  it('has an input per language, the default first, each named in its own language and marked with its lang', () => {
    settingsOf(inEnglishAndBengali())
    const title = languagesOf('Title')
    const boxes = title.getAllByRole('textbox')
    expect(boxes.map((box) => box.getAttribute('lang'))).toEqual(['en-IN', 'bn-IN'])
    expect(title.getByRole('textbox', { name: 'English' })).toHaveProperty('value', 'About Us')
    // Not yet translated: empty, the words visitors get meanwhile as its placeholder.
    expect(title.getByRole('textbox', { name: 'বাংলা' })).toHaveProperty('value', '')
    expect(title.getByRole('textbox', { name: 'বাংলা' }).getAttribute('placeholder')).toBe('About Us')
    // Prose stays a text area in each language.
    expect(languagesOf('Description').getByRole('textbox', { name: 'বাংলা' }).tagName).toBe('TEXTAREA')
    expect(settings().getByText('In: English. Give the title in a language to add the page to it.')).toBeTruthy()
  })

  it('writes the translations once a second language is given, and a plain string again once it is cleared', () => {
    const { config } = settingsOf(inEnglishAndBengali())
    fireEvent.change(languagesOf('Title').getByRole('textbox', { name: 'বাংলা' }), { target: { value: 'আমাদের কথা' } })
    expect(config().routes[about]!.title).toEqual({ en: 'About Us', bn: 'আমাদের কথা' })
    expect(settings().getByText('In: English, বাংলা. Give the title in a language to add the page to it.')).toBeTruthy()

    fireEvent.change(languagesOf('Title').getByRole('textbox', { name: 'English' }), { target: { value: 'About Eastbridge' } })
    expect(config().routes[about]!.title).toEqual({ en: 'About Eastbridge', bn: 'আমাদের কথা' })

    fireEvent.change(languagesOf('Title').getByRole('textbox', { name: 'বাংলা' }), { target: { value: '' } })
    expect(config().routes[about]!.title).toBe('About Eastbridge')
    expect(JSON.stringify(config().routes[about])).not.toContain('"bn"')
  })

  it('keeps a required text as an empty one once every language of it is cleared, as its one-language field does', () => {
    const { config } = settingsOf(inEnglishAndBengali())
    const description = languagesOf('Description')
    fireEvent.change(description.getByRole('textbox', { name: 'বাংলা' }), { target: { value: 'আমাদের গল্প' } })
    expect(config().routes[about]!.description).toEqual({ en: shipped.routes[about]!.description, bn: 'আমাদের গল্প' })
    fireEvent.change(description.getByRole('textbox', { name: 'English' }), { target: { value: '' } })
    // Only Bengali left: still the translations, the default language's words now missing.
    expect(config().routes[about]!.description).toEqual({ bn: 'আমাদের গল্প' })
    fireEvent.change(description.getByRole('textbox', { name: 'বাংলা' }), { target: { value: '' } })
    // Required: left empty for the checker to name, not taken out of the page.
    expect(config().routes[about]!.description).toBe('')
  })

  it('gives each text item of a list (a block’s paragraphs) its languages side by side', () => {
    const index = shipped.routes[about]!.blocks.findIndex((block) => block.type === 'textSection')
    const path = ['routes', about, 'blocks', index]
    const { config } = renderEditing(inEnglishAndBengali(), (current) => <BlockEditor block={current.routes[about]!.blocks[index]!} index={index} path={path} />)
    const first = within(page.getByRole('group', { name: 'Paragraph 1' }))
    fireEvent.change(first.getByRole('textbox', { name: 'বাংলা' }), { target: { value: 'আমরা ২০১৬ সালে শুরু করেছিলাম।' } })
    const block = config().routes[about]!.blocks[index] as { paragraphs: unknown[] }
    expect(block.paragraphs[0]).toEqual({ en: (shipped.routes[about]!.blocks[index] as { paragraphs: string[] }).paragraphs[0], bn: 'আমরা ২০১৬ সালে শুরু করেছিলাম।' })
    expect(block.paragraphs[1]).toBe((shipped.routes[about]!.blocks[index] as { paragraphs: string[] }).paragraphs[1])
  })

  it('shows a text already translated in its languages, and a one-language site one input as before', () => {
    const translated = inEnglishAndBengali()
    translated.routes[about] = { ...translated.routes[about]!, title: { en: 'About Us', bn: 'আমাদের কথা' } as unknown as string }
    const { unmount } = settingsOf(translated)
    expect(languagesOf('Title').getByRole('textbox', { name: 'বাংলা' })).toHaveProperty('value', 'আমাদের কথা')
    unmount()
    settingsOf(shipped)
    expect(settings().queryByRole('group', { name: 'Title' })).toBeNull()
    expect(settings().getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'About Us')
    expect(settings().queryByText(/^In: /)).toBeNull()
  })
})
