import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Navigation } from '../../../site/generated/site-config'
import type { NewPageFields, NewPageRefusal } from '../api/editor-api'
import { NewPageForm } from './NewPageForm'

function openForm(onCreate: (fields: NewPageFields) => Promise<NewPageRefusal | null>) {
  render(
    <MantineProvider>
      <NewPageForm opened onClose={() => {}} onCreate={onCreate} partners={[]} navigation={{ items: [] } as unknown as Navigation} />
    </MantineProvider>,
  )
}

describe('the New page form', { timeout: 30_000 }, () => {
  it('offers each partner once, whatever list it is given, and says which logo files it cannot offer', () => {
    render(
      <MantineProvider>
        <NewPageForm
          opened
          onClose={() => {}}
          onCreate={async () => null}
          partners={['Zscaler', 'Zscaler', '', 'Fortinet']}
          unusablePartnerFiles={[{ file: 'palo alto.svg', reason: 'a picture path may not have a space: rename it palo-alto.svg' }]}
          navigation={{ items: [] } as unknown as Navigation}
        />
      </MantineProvider>,
    )
    const partners = screen.getAllByLabelText('Partner logos').find((element) => element.tagName === 'INPUT')!
    fireEvent.click(partners)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Zscaler', 'Fortinet'])
    expect(screen.getByText(/Not offered: palo alto\.svg, as a picture path may not have a space: rename it palo-alto\.svg\./)).toBeTruthy()
  })

  it('asks how many cards and reasons the page has and whether it ends with a call to action, and sends that', async () => {
    const sent: NewPageFields[] = []
    openForm(async (fields) => (sent.push(fields), null))
    expect(screen.getByRole('textbox', { name: 'Cards' })).toHaveProperty('value', '3')
    expect(screen.getByRole('textbox', { name: 'Reasons to choose us' })).toHaveProperty('value', '0')
    fireEvent.change(screen.getByRole('textbox', { name: /^Path/ }), { target: { value: '/zero-trust' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Zero Trust' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Cards' }), { target: { value: '4' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Reasons to choose us' }), { target: { value: '2' } })
    fireEvent.click(screen.getByRole('checkbox', { name: /^A call to action at the end/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ path: '/zero-trust', title: 'Zero Trust', template: 'service', cards: 4, reasons: 2, callToAction: false })
  })

  it('shows the scaffold’s refusal of a number on its field', async () => {
    openForm(async () => ({ field: 'cards', message: 'The number of cards is a whole number from 0 to 12 (0 leaves them out), not 40.' }))
    fireEvent.change(screen.getByRole('textbox', { name: /^Path/ }), { target: { value: '/zero-trust' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Zero Trust' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(await screen.findByText('The number of cards is a whole number from 0 to 12 (0 leaves them out), not 40.')).toBeTruthy()
  })
})
