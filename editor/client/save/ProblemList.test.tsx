import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import type { EditorProblem } from '../api/editor-api'
import { goToField } from '../form/field-anchor'
import { FieldContext } from '../form/field-context'
import { SchemaField } from '../form/SchemaField'
import { blockSchemas } from '../schema/schemas'
import { ProblemList } from './ProblemList'

const cta = { type: 'ctaBand', heading: 'Talk to us', actions: [{ label: 'Contact', to: 'contact' }] }
const config = { routes: [{ path: '/about', title: 'About Us', blocks: [{ type: 'pageHero', heading: 'About' }, cta] }] } as unknown as SiteConfig
const problem = (path: (string | number)[], message: string): EditorProblem =>
  ({ path, message, file: 'site.config.json', line: 12, column: 7, where: 'raw', code: 'broken-link', pointer: '', kind: 'reference', order: 3 }) as EditorProblem

/**
 * The problem list beside a block form that is not open yet, as in the editor: showing a problem
 * opens the block (here: renders it) and goes to the field. The form sits in a collapsed part that
 * opens by its control, as an accordion does.
 */
function Editor({ problems }: { problems: EditorProblem[] }) {
  const [open, setOpen] = useState(false)
  const [expanded, setExpanded] = useState(false)
  return (
    <MantineProvider>
      <FieldContext.Provider value={{ change: () => {}, problems: new Map(), routes: [], images: [] }}>
        <ProblemList
          problems={problems}
          config={config}
          onShow={(shown) => {
            // Only the page's block is here: any other place is on no screen, which the editor knows at once.
            if (shown.path[0] !== 'routes') return Promise.resolve(false)
            setOpen(true)
            return goToField(shown.path)
          }}
        />
        <button type="button" aria-expanded={expanded} aria-controls="block-form" onClick={() => setExpanded(true)}>
          Block details
        </button>
        <div id="block-form" hidden={!expanded}>
          {open && <SchemaField name="actions" schema={blockSchemas.ctaBand!.properties!.actions!} value={cta.actions} path={['routes', 0, 'blocks', 1, 'actions']} required />}
        </div>
      </FieldContext.Provider>
    </MantineProvider>
  )
}

describe('the problem list', { timeout: 30_000 }, () => {
  it('names where each problem is as the screens do; the file’s line and column only among the details for developers', () => {
    render(<Editor problems={[problem(['routes', 0, 'blocks', 1, 'actions', 0, 'to'], 'The link leads to "contact", which is not a page of the site.')]} />)
    expect(screen.getByRole('button', { name: /The link leads to/ }).textContent).toBe(
      'About Us › 2. Cta band › Action 1 › To: The link leads to "contact", which is not a page of the site.',
    )
    expect(screen.queryByText(/site\.config\.json/)).toBeNull()
    fireEvent.click(screen.getByRole('switch', { name: 'Details for developers' }))
    expect(screen.getByText(/^site\.config\.json:12:7/)).toBeTruthy()
  })

  it('takes the author to the field: opens its block, unfolds the part it is in, and focuses it', async () => {
    render(<Editor problems={[problem(['routes', 0, 'blocks', 1, 'actions', 0, 'to'], 'The link leads nowhere.')]} />)
    expect(screen.queryByRole('textbox', { name: /^To/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /The link leads nowhere/ }))
    await waitFor(() => expect(document.activeElement).toHaveProperty('value', 'contact'))
    expect(screen.getByRole('button', { name: 'Block details' }).getAttribute('aria-expanded')).toBe('true')
  })

  it('says so when no screen shows the place, in words for an editor: no file, no line', async () => {
    render(<Editor problems={[problem(['site', 'phone'], 'The phone number is too short.')]} />)
    fireEvent.click(screen.getByRole('button', { name: /The phone number is too short/ }))
    expect(await screen.findByText('No screen of the editor shows this part of the site yet: ask the site’s developer to fix it.', {}, { timeout: 5000 })).toBeTruthy()
  })

  it('says that a setting for the developer is theirs to fix, without opening a screen that does not show it', () => {
    render(<Editor problems={[problem(['site', 'apiKey'], 'The API key is empty.')]} />)
    fireEvent.click(screen.getByRole('button', { name: /The API key is empty/ }))
    expect(screen.getByText('This is a setting for the site’s developer, which the editor does not offer: ask them to fix it.')).toBeTruthy()
  })
})
