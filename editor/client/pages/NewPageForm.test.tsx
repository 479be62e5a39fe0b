import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Navigation } from '../../../site/generated/site-config'
import { NewPageForm } from './NewPageForm'

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
})
