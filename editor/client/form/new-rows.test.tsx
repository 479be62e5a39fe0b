import { Button, MantineProvider } from '@mantine/core'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { useMemo, useState } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { EditorProblem } from '../api/editor-api'
import { pathKey, setIn, type JsonPath } from '../state/json-path'
import { FieldContext } from './field-context'
import { useNewRows } from '../state/new-rows'
import { SchemaField } from './SchemaField'
import { schemaFile } from '../schema/schema-refs'

const logos = schemaFile('blocks/logoStrip.schema.json')!.properties!.logos!
const fortinet = { src: '/images/partners/fortinet.svg', alt: 'Fortinet', width: 160, height: 60 }

/** What the checker says of a logo strip: each logo without a picture or a name, as the real checker does for an empty text. */
function check(list: { src?: string; alt?: string }[]): EditorProblem[] {
  return list.flatMap((logo, index) =>
    (['src', 'alt'] as const).filter((key) => !logo[key]).map((key) => ({ path: ['logos', index, key], message: `"${key}" is empty.` }) as EditorProblem),
  )
}

/** The logos field as the editor shows it: a config in state, the checker's problems for it, and new rows kept quiet until touched. */
function LogoStrip() {
  const [config, setConfig] = useState<{ logos: { src?: string; alt?: string }[] }>({ logos: [fortinet] })
  const problems = useMemo(() => check(config.logos), [config])
  const newRows = useNewRows(config, problems)
  const byPath = new Map(newRows.problems.map((problem) => [pathKey(problem.path), [problem]]))
  const change = (path: JsonPath, value: unknown) => {
    newRows.rows.touched(path)
    setConfig((current) => setIn(current, path, value))
  }
  return (
    <MantineProvider>
      <FieldContext.Provider value={{ change, problems: byPath, routes: [], images: [fortinet.src], rows: newRows.rows }}>
        <SchemaField name="logos" schema={logos} value={config.logos} path={['logos']} required />
      </FieldContext.Provider>
      <Button onClick={newRows.showAll}>Save</Button>
      <output aria-label="Problems shown">{newRows.problems.length}</output>
    </MantineProvider>
  )
}

const shownCount = () => screen.getByRole('status', { name: 'Problems shown' }).textContent
const logo = (n: number) => within(screen.getAllByRole('group', { name: `Logo ${n}` })[0]!)
const altOf = (n: number) => logo(n).getByRole('textbox', { name: /^Alt/ })

/** Shows the strip of one logo and adds a second with its Add button: the new row. */
function addLogo() {
  render(<LogoStrip />)
  fireEvent.click(screen.getByRole('button', { name: 'Add logo' }))
}

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bounds are wide for that.
describe('a new row', { timeout: 30_000 }, () => {
  beforeEach(addLogo, 30_000)

  it('shows no problem before it is touched, though the checker finds its fields empty', () => {
    expect(altOf(2)).toHaveProperty('value', '')
    expect(screen.queryByText('"alt" is empty.')).toBeNull()
    expect(shownCount()).toBe('0')
  })

  it('shows all of its problems once one of its fields is changed', () => {
    fireEvent.change(altOf(2), { target: { value: 'Cisco' } })
    expect(shownCount()).toBe('1')
    expect(screen.getByText('"src" is empty.')).toBeTruthy()
  })

  it('shows them once a field of it is left, without a change', () => {
    const alt = altOf(2)
    fireEvent.focus(alt)
    fireEvent.blur(alt)
    expect(screen.getByText('"alt" is empty.')).toBeTruthy()
    expect(shownCount()).toBe('2')
  })

  it('keeps quiet while another row is touched, and every problem shows on Save', () => {
    fireEvent.change(altOf(1), { target: { value: 'Fortinet Inc.' } })
    expect(shownCount()).toBe('0')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(shownCount()).toBe('2')
  })
})
