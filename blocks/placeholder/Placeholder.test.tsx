import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PlaceholderBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import Placeholder from './Placeholder'
import { placeholderTitle } from './placeholder-title'

describe('placeholder block', () => {
  it('renders its schema example with the title built from the path', async () => {
    const [example] = schemaExamples<PlaceholderBlock>('placeholder')
    const { container } = await renderInSite(<Placeholder {...example!} />, '/resources/gallery')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Resources > Gallery')
    expect(screen.getByText('This page is under construction. Content will be added soon.')).toBeTruthy()
    expect(screen.getByText('Path: /resources/gallery')).toBeTruthy()
    await expectNoAxeViolations(container)
  })

  it("capitalises each segment, turns hyphens into spaces and falls back to the config's word for the home page", () => {
    expect(placeholderTitle('/resources/case-studies', 'Page')).toBe('Resources > Case studies')
    expect(placeholderTitle('/security_solutions', 'Page')).toBe('Security_solutions')
    expect(placeholderTitle('/', 'Startseite')).toBe('Startseite')
  })
})
