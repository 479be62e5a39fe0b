import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PageHeroBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples, asRendered } from '../../tests/helpers/render-block'
import PageHero from './PageHero'

describe('pageHero block', () => {
  it('renders its schema example: one h1, the intro and both buttons as links', async () => {
    const [example] = schemaExamples<PageHeroBlock>('pageHero')
    const { container } = await renderInSite(<PageHero {...example!} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(example!.heading)
    for (const action of example!.actions ?? []) {
      expect(screen.getByRole('link', { name: action.label }).getAttribute('href')).toBe(action.to)
    }
    await expectNoAxeViolations(container)
  })

  it('colours the highlighted words only when they appear in the heading', async () => {
    await renderInSite(<PageHero {...asRendered({ type: 'pageHero', heading: 'Zero Trust Security', highlight: 'Trust' })} />)
    expect(screen.getByText('Trust').tagName).toBe('SPAN')
  })
})
