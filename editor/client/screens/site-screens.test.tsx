import { fireEvent, screen as page, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import { renderEditing } from '../test-support/render-editing'
import { SiteScreenView } from './SiteScreenView'
import { screenFor, siteScreens } from './site-screens'

const shipped = siteConfig as unknown as SiteConfig

function open(id: string, config = shipped) {
  const screen = siteScreens.find((candidate) => candidate.id === id)!
  return renderEditing(config, (now) => <SiteScreenView config={now} screen={screen} />)
}

/** The group (fieldset) whose legend is `name`, the n-th of that name. */
const group = (name: string, n = 0) => [...document.querySelectorAll('fieldset')].filter((fieldset) => fieldset.querySelector(':scope > legend')?.textContent === name)[n]!

/** The one input at a place in the config, as each generated field is marked with its place. */
const inputAt = (...path: (string | number)[]) => document.querySelector<HTMLInputElement>(`[data-field-path='${JSON.stringify(path)}'] :is(input, textarea)`)!

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bounds are wide for that.
describe('the site screens', { timeout: 60_000 }, () => {
  it('Company: the site settings from the shipped config, without the theme, and the phone edited at site.phone', () => {
    const { config } = open('company')
    expect(page.getByRole('heading', { name: 'Company' })).toBeTruthy()
    expect(inputAt('site', 'name').value).toBe(shipped.site.name)
    expect(within(group('Office 2')).getByLabelText(/^City/)).toHaveProperty('value', 'Bengaluru')
    expect(within(group('Chat')).getByLabelText(/^Greeting/)).toHaveProperty('value', shipped.site.chat!.greeting)
    expect(document.querySelector(`[data-field-path='["site","theme"]']`)).toBeNull()

    fireEvent.change(inputAt('site', 'phone'), { target: { value: '+91 33 4000 9999' } })
    expect(config()).toEqual({ ...shipped, site: { ...shipped.site, phone: '+91 33 4000 9999' } })
  })

  it('Footer: its link columns as a tree, a link renamed in its opened entry, the copyright line’s holder below', () => {
    const { config } = open('footer')
    const tree = page.getByRole('tree', { name: 'Footer' })
    const column = shipped.footer.columns![0]!
    const lines = within(tree).getAllByRole('treeitem')
    expect(lines.map((line) => line.querySelector(':scope > div [aria-expanded] p')?.textContent)).toEqual([column.title, ...column.links.map((link) => link.label)])
    fireEvent.click(lines[2]!.querySelector<HTMLElement>(':scope > div [aria-expanded]')!)
    fireEvent.change(within(lines[2]!).getByRole('textbox', { name: /^Label/ }), { target: { value: 'Cloud' } })
    expect(config().footer.columns![0]!.links[1]).toEqual({ label: 'Cloud', to: '/cloud_services' })
    expect(config().footer.columns![0]!.links.slice(2)).toEqual(shipped.footer.columns![0]!.links.slice(2))
    expect(inputAt('footer', 'copyrightHolder')).toBeTruthy()
  })

  it('Forms: each declared form with its texts, fields and mail, each edited at its place', () => {
    const { config } = open('forms')
    expect(Object.keys(shipped.forms!).map((name) => Boolean(document.querySelector(`[data-field-path='${JSON.stringify(['forms', name])}']`)))).toEqual(
      Object.keys(shipped.forms!).map(() => true),
    )
    fireEvent.change(inputAt('forms', 'contact', 'submitLabel'), { target: { value: 'Send' } })
    fireEvent.change(inputAt('forms', 'contact', 'fields', 1, 'label'), { target: { value: 'E-mail' } })
    // A mail's labels are named by the key they label: an entry per key.
    fireEvent.change(inputAt('forms', 'contact', 'mail', 'labels', 'phone'), { target: { value: 'Telephone' } })
    const contact = config().forms!.contact!
    expect(contact.submitLabel).toBe('Send')
    expect(contact.fields[1]!.label).toBe('E-mail')
    expect(contact.mail.labels!.phone).toBe('Telephone')
    expect(config().forms!.quote).toBe(shipped.forms!.quote)
  })

  it('Words: every word shows its English default while the config has none, and one word typed is the only one written', () => {
    expect(shipped.texts).toBeUndefined()
    const { config } = open('words')
    const skip = inputAt('texts', 'header', 'skipToContent')
    expect(skip.value).toBe('')
    expect(skip.placeholder).toBe('Skip to content')
    expect(inputAt('texts', 'footer', 'backToTop').placeholder).toBe('Back to top')
    fireEvent.change(skip, { target: { value: 'Zum Inhalt' } })
    expect(config()).toEqual({ ...shipped, texts: { header: { skipToContent: 'Zum Inhalt' } } })
  })

  it('a checker’s problem opens the screen of its part: the theme’s own, not the company’s', () => {
    expect(screenFor(['site', 'theme', 'primaryColor'])?.id).toBe('theme')
    expect(screenFor(['site', 'offices', 0, 'city'])?.id).toBe('company')
    expect(screenFor(['navigation', 'items', 2, 'items', 0, 'to'])?.id).toBe('menu')
    expect(screenFor(['forms', 'contact', 'fields', 0, 'name'])?.id).toBe('forms')
    expect(screenFor(['routes', 0, 'title'])).toBeUndefined()
  })
})
