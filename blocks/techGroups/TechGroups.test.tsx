import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TechGroupsBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import TechGroups from './TechGroups'

const [example] = schemaExamples<TechGroupsBlock>('techGroups')

describe('techGroups block', () => {
  it('renders its schema example: each group titled, with its technologies as a list', async () => {
    const { container } = await renderInSite(<TechGroups {...example!} />)
    for (const group of example!.groups) {
      const card = screen.getByRole('heading', { level: 3, name: group.title }).closest('li')!
      expect(
        within(card)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(group.items)
    }
    await expectNoAxeViolations(container)
  })

  it('adds the approach points under their own heading', async () => {
    await renderInSite(<TechGroups {...example!} />)
    expect(screen.getByRole('heading', { level: 3, name: 'Our Approach' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 4, name: 'Right tool for the job' })).toBeTruthy()
  })
})
