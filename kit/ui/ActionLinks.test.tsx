import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderInSite } from '../../tests/helpers/render-block'
import { ActionLinks } from './ActionLinks'

describe('call-to-action buttons', () => {
  it('leads to each page, the first as the filled button', async () => {
    await renderInSite(
      <ActionLinks
        tone="dark"
        actions={[
          { label: 'Get a Quote', to: '/get-quote' },
          { label: 'Talk to an Expert', to: '/contact' },
        ]}
      />,
    )
    const quote = screen.getByRole('link', { name: 'Get a Quote' })
    expect(quote.getAttribute('href')).toBe('/get-quote')
    expect(quote.hasAttribute('data-primary')).toBe(true)
    expect(screen.getByRole('link', { name: 'Talk to an Expert' }).hasAttribute('data-primary')).toBe(false)
  })

  it('gives a vague label its purpose in the accessible name, without showing it', async () => {
    await renderInSite(<ActionLinks tone="light" actions={[{ label: 'Learn More', to: '/contact', hint: 'about working with us' }]} />)
    expect(screen.getByRole('link', { name: 'Learn More about working with us' })).toBeTruthy()
  })

  it('renders nothing without actions', async () => {
    const { container } = await renderInSite(<ActionLinks tone="dark" actions={[]} />)
    expect(container.querySelector('a')).toBeNull()
  })
})
