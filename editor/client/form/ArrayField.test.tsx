import { MantineProvider } from '@mantine/core'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EditorProblem } from '../api/editor-api'
import { pathKey, setIn, type JsonPath } from '../state/json-path'
import { goToField } from './field-anchor'
import { FieldContext } from './field-context'
import type { JsonSchema } from '../schema/json-schema'
import { SchemaField } from './SchemaField'
import { schemaFile } from '../schema/schema-refs'

/** One list field of a config held in state as the editor holds it; `value()` is the list now. */
function edit(name: string, schema: JsonSchema, initial: unknown, problems = new Map<string, EditorProblem[]>()) {
  let latest: Record<string, unknown> = { [name]: initial }
  function Editing() {
    const [config, setConfig] = useState<Record<string, unknown>>(latest)
    const change = (path: JsonPath, value: unknown) => setConfig((current) => (latest = setIn(current, path, value)))
    return (
      <MantineProvider>
        <FieldContext.Provider value={{ change, problems, routes: [], images: ['/images/partners/fortinet.svg'] }}>
          <SchemaField name={name} schema={schema} value={config[name]} path={[name]} required />
        </FieldContext.Provider>
      </MantineProvider>
    )
  }
  render(<Editing />)
  return () => latest[name] as unknown[]
}

const paragraphs: JsonSchema = { type: 'array', items: { type: 'string' } }
const titles = (value: unknown[]) => value.map((item) => (typeof item === 'string' ? item : (item as { title: string }).title))
const card = (title: string) => ({ title, text: `About ${title}.` })
const cards = schemaFile('blocks/cardGrid.schema.json')!.properties!.cards!
/** Cards of a title and a text only: what folding needs, quick to render in jsdom. */
const plainCards: JsonSchema = { type: 'array', items: { type: 'object', properties: { title: { type: 'string' }, text: { type: 'string' } } } }

/** jsdom lays nothing out: each row gets a box by its place in the list, so a drag with the keyboard can measure where it goes. */
function layOutRows() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('[data-row-id]')
    const rows = row ? [...row.parentElement!.children].filter((child) => child.hasAttribute('data-row-id')) : []
    const top = row ? rows.indexOf(row) * 100 : 0
    return { top, bottom: top + 90, left: 0, right: 400, width: 400, height: row ? 90 : 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect
  })
}
afterEach(() => vi.restoreAllMocks())

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('a list field', { timeout: 30_000 }, () => {
  it('starts a new logo empty, for the author to pick: no copy of another logo, no made-up size', () => {
    const logos = schemaFile('blocks/logoStrip.schema.json')!.properties!.logos!
    const value = edit('logos', logos, [{ src: '/images/partners/fortinet.svg', alt: 'Fortinet', width: 160, height: 60 }])
    fireEvent.click(screen.getByRole('button', { name: 'Add logo' }))
    expect(value()[1]).toEqual({ src: '', alt: '' })
    const added = within(screen.getAllByRole('group', { name: 'Logo 2' })[0]!)
    expect(added.getByRole('textbox', { name: /^Alt/ })).toHaveProperty('value', '')
    expect(added.getByRole('textbox', { name: /^Width/ })).toHaveProperty('value', '')
  })

  it('moves an item by its buttons with the focus on the moved item, so a second click moves it again', () => {
    const value = edit('cards', cards, [card('Cloud'), card('Network'), card('Security')])
    const down = screen.getByRole('button', { name: 'Move Card 1 down' })
    down.focus()
    fireEvent.click(down)
    expect(titles(value())).toEqual(['Network', 'Cloud', 'Security'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Card 2 down' }))
    fireEvent.click(document.activeElement!)
    expect(titles(value())).toEqual(['Network', 'Security', 'Cloud'])
    // At the bottom its down button is off: the focus stays on the row, on its up button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Card 3 up' }))
  })

  it('keeps each row with its item: after a removal, the rows left are the ones their items had, equal items too', () => {
    const value = edit('paragraphs', paragraphs, ['Same', 'Same', 'Other'])
    const rowOf = (name: string) => screen.getByRole('textbox', { name }).closest('[data-row-id]')
    const [second, third] = [rowOf('Paragraph 2'), rowOf('Paragraph 3')]
    fireEvent.click(screen.getByRole('button', { name: 'Remove Paragraph 1' }))
    expect(value()).toEqual(['Same', 'Other'])
    expect([rowOf('Paragraph 1'), rowOf('Paragraph 2')]).toEqual([second, third])
  })

  it('reorders by dragging a row’s handle with the keyboard', async () => {
    layOutRows()
    const value = edit('paragraphs', paragraphs, ['First', 'Second', 'Third'])
    const handle = screen.getByRole('button', { name: 'Drag Paragraph 1 to reorder' })
    handle.focus()
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' })
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    fireEvent.keyDown(document.activeElement!, { code: 'ArrowDown', key: 'ArrowDown' })
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    fireEvent.keyDown(document.activeElement!, { code: 'Space', key: ' ' })
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(value()).toEqual(['Second', 'First', 'Third'])
  })

  it('folds a list of more than four cards to a line each, with its first words, and opens one at a time', () => {
    const value = edit('cards', plainCards, ['Cloud', 'Network', 'Security', 'Audio', 'Web', 'Managed'].map(card))
    const line = (n: number) => screen.getByRole('button', { name: new RegExp(`^Card ${n}`) })
    expect(line(2).textContent).toBe('Card 2Network')
    expect(screen.queryAllByRole('textbox')).toEqual([])
    fireEvent.click(line(3))
    expect(line(3).getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('textbox', { name: 'Title' }).map((input) => (input as HTMLInputElement).value)).toEqual(['Security'])
    fireEvent.click(line(5))
    expect(line(3).getAttribute('aria-expanded')).toBe('false')
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Web & Apps' } })
    expect(titles(value())).toEqual(['Cloud', 'Network', 'Security', 'Audio', 'Web & Apps', 'Managed'])
    // A card added is opened, to be filled in.
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }))
    expect(line(7).getAttribute('aria-expanded')).toBe('true')
    expect(line(5).getAttribute('aria-expanded')).toBe('false')
  })

  it('keeps four cards open, to be filled in without a click each', () => {
    edit('cards', plainCards, ['Cloud', 'Network', 'Security', 'Audio'].map(card))
    expect(screen.getAllByRole('textbox', { name: 'Title' })).toHaveLength(4)
  })

  it('shows a folded card’s problem on its line, and a problem’s field opens the card it is in', async () => {
    const title = ['cards', 4, 'title']
    const problem = { path: title, message: 'The title is empty.', hint: 'Write one.' } as unknown as EditorProblem
    edit('cards', plainCards, ['Cloud', 'Network', 'Security', 'Audio', ''].map(card), new Map([[pathKey(title), [problem]]]))
    const line = screen.getByRole('button', { name: /^Card 5/ })
    expect(line.getAttribute('aria-expanded')).toBe('false')
    expect(line.getAttribute('aria-describedby') && document.getElementById(line.getAttribute('aria-describedby')!)?.textContent).toBe('The title is empty. Write one.')
    await act(async () => expect(await goToField(title)).toBe(true))
    expect(line.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' }))
  })

  it('gives the header menu’s entries, and a dropdown’s own links, drag handles as every list has', () => {
    const navigation = schemaFile('defs/navigation.schema.json')!
    edit('navigation', navigation, {
      items: [
        { label: 'About', to: '/about' },
        { label: 'Services', items: [{ label: 'Cloud', to: '/cloud' }] },
      ],
    })
    expect(screen.getAllByRole('button', { name: /^Drag .* to reorder$/ }).map((handle) => handle.getAttribute('aria-label'))).toEqual([
      'Drag Item 1 to reorder',
      'Drag Item 2 to reorder',
      'Drag Item 1 to reorder',
    ])
  })
})
