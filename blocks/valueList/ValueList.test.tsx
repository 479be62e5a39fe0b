import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ValueListBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import ValueList from './ValueList'

const [example] = schemaExamples<ValueListBlock>('valueList')

describe('valueList block', () => {
  it('renders its schema example: a list of values, each a titled entry with its explanation', async () => {
    const { container } = await renderInSite(<ValueList {...example!} />)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Our Core Values')
    const entries = screen.getAllByRole('listitem')
    expect(entries.map((entry) => entry.querySelector('h3')!.textContent)).toEqual(['Innovation', 'Collaboration', 'Excellence', 'Growth'])
    expect(entries[1]!.textContent).toContain('Your team and ours work as one.')
    await expectNoAxeViolations(container)
  })
})
