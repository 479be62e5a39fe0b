import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TrustBadgesBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples, asRendered } from '../../tests/helpers/render-block'
import TrustBadges from './TrustBadges'

const [example] = schemaExamples<TrustBadgesBlock>('trustBadges')

describe('trustBadges block', () => {
  it('renders its schema example: the three claims in a named list', async () => {
    const { container } = await renderInSite(<TrustBadges {...example!} />)
    const badges = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(badges).toEqual(['ISO 27001 Certified', '99.9% Uptime SLA', '24/7 Expert Support'])
    expect(screen.getByRole('region', { name: 'Why you can trust us' })).toBeTruthy()
    await expectNoAxeViolations(container)
  })

  it("shows a heading and a badge's small line when given", async () => {
    await renderInSite(
      <TrustBadges {...asRendered({ type: 'trustBadges', heading: 'Certified and Accountable', badges: [{ label: 'ISO 27001 Certified', text: 'Since 2019' }] })} />,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Certified and Accountable' })).toBeTruthy()
    expect(screen.getByText('Since 2019')).toBeTruthy()
  })
})
