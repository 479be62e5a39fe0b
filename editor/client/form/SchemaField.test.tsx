import { MantineProvider } from '@mantine/core'
import { fireEvent, render, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setIn, type JsonPath } from '../state/json-path'
import { FieldContext } from './field-context'
import type { JsonSchema } from '../schema/json-schema'
import { SchemaField } from './SchemaField'
import { schemaFile } from '../schema/schema-refs'

/** One field of a config held in state as the editor holds it; `seen` is told every new config. */
function Editing({ name, schema, initial, seen }: { name: string; schema: JsonSchema; initial: unknown; seen: (config: Record<string, unknown>) => void }) {
  const [config, setConfig] = useState<Record<string, unknown>>({ [name]: initial })
  const change = (path: JsonPath, value: unknown) => {
    const next = setIn(config, path, value)
    seen(next)
    setConfig(next)
  }
  return (
    <MantineProvider>
      <FieldContext.Provider value={{ change, problems: new Map(), routes: [{ path: '/about', title: 'About' }], images: ['/images/a.svg'] }}>
        <SchemaField name={name} schema={schema} value={config[name]} path={[name]} required />
      </FieldContext.Provider>
    </MantineProvider>
  )
}

function edit(name: string, schema: JsonSchema, initial: unknown) {
  let latest: Record<string, unknown> = { [name]: initial }
  render(<Editing name={name} schema={schema} initial={initial} seen={(config) => (latest = config)} />)
  return () => latest[name]
}

const navigation = schemaFile('defs/navigation.schema.json')!
const menu = {
  items: [
    { label: 'About', to: '/about' },
    {
      label: 'Services',
      items: [
        { label: 'Cloud', to: '/cloud' },
        { label: 'Security', to: '/security', items: [{ label: 'EDR', to: '/security/edr' }] },
      ],
    },
  ],
}
/**
 * The group (fieldset) of the n-th entry named `name` ("Item 1"), outermost first. Found by its
 * legend rather than by role: computing every accessible name of a form this size is slow in jsdom.
 */
const group = (name: string, n = 0) => [...document.querySelectorAll('fieldset')].filter((fieldset) => fieldset.querySelector(':scope > legend')?.textContent === name)[n]!
/** The "… is a" picker just above a group (outside the group's own field wrapper): the group's own alternative. */
const pickerOf = (entry: HTMLElement) => entry.closest('[data-field-path]')!.parentElement!.querySelector<HTMLElement>('[role="radiogroup"]')!
/** A picker's choices, the chosen one marked with *. */
const choices = (picker: Element) => [...picker.querySelectorAll('input')].map((radio) => `${radio.labels?.[0]?.textContent}${radio.checked ? '*' : ''}`)
const choice = (picker: Element, label: string) => [...picker.querySelectorAll('input')].find((radio) => radio.labels?.[0]?.textContent === label)!

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('SchemaField', { timeout: 30_000 }, () => {
  it('shows each navigation entry as the alternative it is, link or dropdown, with that one’s fields', () => {
    edit('navigation', navigation, menu)
    expect([...document.querySelectorAll('[role="radiogroup"]')].map(choices)).toEqual([
      ['Link*', 'Dropdown'],
      ['Link', 'Dropdown*'],
      ['Link*', 'Sub menu'],
      ['Link', 'Sub menu*'],
    ])
    expect(within(group('Item 1')).getByLabelText(/^To/)).toHaveProperty('value', '/about')
    const services = group('Item 2')
    expect(within(services).getByLabelText(/^Width/)).toBeTruthy()
    // A dropdown has no page of its own; its links (the panel's "Item 1") do.
    expect(
      within(services)
        .getAllByLabelText(/^To/)
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['/cloud', '/security', '/security/edr'])
  })

  it('edits a link entry, switches it to a dropdown keeping its label, and edits the dropdown', () => {
    const value = edit('navigation', navigation, menu)
    fireEvent.change(within(group('Item 1')).getByLabelText(/^Label/), { target: { value: 'About us' } })
    expect((value() as typeof menu).items[0]).toEqual({ label: 'About us', to: '/about' })

    fireEvent.click(choice(pickerOf(group('Item 1')), 'Dropdown'))
    const switched = (value() as { items: Record<string, unknown>[] }).items[0]!
    expect(switched.label).toBe('About us')
    expect(switched.to).toBeUndefined()
    expect(switched.items).toHaveLength(1)
    expect(choice(pickerOf(group('Item 1')), 'Dropdown')).toHaveProperty('checked', true)

    fireEvent.change(within(group('Item 1')).getByLabelText(/^Width/), { target: { value: '320' } })
    expect((value() as { items: Record<string, unknown>[] }).items[0]!.width).toBe(320)
  })

  it('edits a sub-menu in a dropdown and turns it into a plain link, which keeps its page and drops its links', () => {
    const value = edit('navigation', navigation, menu)
    const security = group('Item 2', 1)
    // Its own fields come first, then its links'.
    expect(within(security).getAllByLabelText(/^To/)[0]).toHaveProperty('value', '/security')
    fireEvent.change(within(security).getAllByLabelText(/^Label/)[0]!, { target: { value: 'Security Solutions' } })
    fireEvent.click(choice(pickerOf(security), 'Link'))
    expect((value() as { items: { items?: unknown[] }[] }).items[1]!.items![1]).toEqual({ label: 'Security Solutions', to: '/security' })
  })

  it('gives a block’s prose a text area, its icon the icon list and its title a one-line input', () => {
    const cardGrid = schemaFile('blocks/cardGrid.schema.json')!
    edit('block', cardGrid, { type: 'cardGrid', heading: 'Why us', cards: [{ icon: 'cloud', title: 'Cloud', text: 'We run it.' }] })
    const card = group('Card 1')
    expect(within(card).getByLabelText(/^Text/).tagName).toBe('TEXTAREA')
    expect(within(card).getByLabelText(/^Title/).tagName).toBe('INPUT')
    expect(within(card).getByLabelText(/^Icon/)).toHaveProperty('value', 'cloud')
  })

  it('fails loudly, naming the field, for an input the editor does not have', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => edit('accent', { type: 'string', 'x-editor': 'colour' }, 'red')).toThrow('accent (Accent): the schema asks for "x-editor": "colour"')
    vi.restoreAllMocks()
  })
})
