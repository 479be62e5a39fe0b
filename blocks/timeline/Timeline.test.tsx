import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TimelineBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import Timeline from './Timeline'

const [example] = schemaExamples<TimelineBlock>('timeline')

describe('timeline block', () => {
  it('renders its schema example: milestones in order with year, title and highlight', async () => {
    const { container } = await renderInSite(<Timeline {...example!} />)
    expect(screen.getByRole('list').tagName).toBe('OL')
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(example!.milestones.map((m) => m.title))
    const expansion = screen.getByRole('heading', { name: 'Expansion & Growth' }).closest('li')!
    expect(expansion.textContent).toContain('2019')
    expect(expansion.textContent).toContain('100+ customers')
    await expectNoAxeViolations(container)
  })
})
