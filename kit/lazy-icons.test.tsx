import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { iconFor, preloadIcons } from './lazy-icons'

describe('icons loaded on demand', () => {
  it('draws a preloaded icon at once, inside its own Suspense boundary', async () => {
    await preloadIcons(['cloud'])
    const Cloud = iconFor('cloud')
    expect(iconFor('cloud')).toBe(Cloud)
    const { container } = render(<Cloud size={20} aria-hidden />)
    expect(container.querySelector('svg.tabler-icon-cloud')?.getAttribute('width')).toBe('20')
  })

  it('draws any other icon once its chunk has arrived', async () => {
    const Rocket = iconFor('rocket')
    const { container } = render(<Rocket />)
    await waitFor(() => expect(container.querySelector('svg.tabler-icon-rocket')).not.toBeNull())
  })
})
