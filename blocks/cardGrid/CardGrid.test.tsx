import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CardGridBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import CardGrid from './CardGrid'
import { columnsFor } from './columns-for'

const [featureExample, compactExample] = schemaExamples<CardGridBlock>('cardGrid')

describe('cardGrid block', () => {
  it('renders its schema example: an h2, one h3 per card, features as a list, the card link', async () => {
    const { container } = await renderInSite(<CardGrid {...featureExample!} />)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(featureExample!.heading)
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(featureExample!.cards.map((card) => card.title))
    const first = screen.getAllByRole('listitem')[0]!
    expect(within(first).getByText('Sandboxing')).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Learn More: Advanced Threat Protection' })
    expect(link.getAttribute('href')).toBe('/security_solutions/managed_edr_xdr')
    await expectNoAxeViolations(container)
  })

  it('shows compact differentiator cards as icon and text without titles', async () => {
    const { container } = await renderInSite(<CardGrid {...compactExample!} />)
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([])
    expect(screen.getByText('24/7 monitoring and helpdesk')).toBeTruthy()
    expect(container.querySelector('ul[data-variant="compact"][data-columns="2"]')).not.toBeNull()
    await expectNoAxeViolations(container)
  })

  it('staggers the cards 0.1 s apart as they scroll in', async () => {
    await renderInSite(<CardGrid {...featureExample!} />)
    const delays = screen.getAllByRole('heading', { level: 3 }).map((h) => h.closest('li')!.style.getPropertyValue('--reveal-delay'))
    expect(delays).toEqual(['0.1s', '0.2s', '0.3s'])
  })

  it('puts as many cards in a row as suits their number when the block does not set its columns, and keeps the columns it sets', async () => {
    const cards = (count: number) => Array.from({ length: count }, (_, index) => ({ title: `Card ${index + 1}`, text: 'Words.' }))
    const { container, unmount } = await renderInSite(<CardGrid {...featureExample!} columns={undefined} cards={cards(3)} />)
    expect(container.querySelector('ul')!.getAttribute('data-columns')).toBe('3')
    unmount()
    const set = await renderInSite(<CardGrid {...featureExample!} columns={2} cards={cards(3)} />)
    expect(set.container.querySelector('ul')!.getAttribute('data-columns')).toBe('2')
  })

  it('chooses rows that leave no card alone: one row up to four, then rows of three or four with the fuller last row', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(columnsFor)).toEqual([2, 2, 3, 4, 3, 3, 4, 4, 3, 4, 4, 4])
  })
})
