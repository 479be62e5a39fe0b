import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TextSectionBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples, asRendered } from '../../tests/helpers/render-block'
import TextSection from './TextSection'

const [example] = schemaExamples<TextSectionBlock>('textSection')

describe('textSection block', () => {
  it('renders its schema example: heading, paragraphs, picture beside the text and both buttons', async () => {
    const { container } = await renderInSite(<TextSection {...example!} />)
    expect(screen.getByRole('region', { name: 'Our Story' })).toBeTruthy()
    for (const paragraph of example!.paragraphs) expect(screen.getByText(paragraph)).toBeTruthy()
    const image = screen.getByRole('img', { name: example!.image!.alt })
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['560', '420'])
    expect(container.querySelector('[data-layout="twoColumns"]')).not.toBeNull()
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/contact', '/contact'])
    await expectNoAxeViolations(container)
  })

  it('centres the text in one column by default', async () => {
    const { container } = await renderInSite(
      <TextSection {...asRendered({ type: 'textSection', heading: 'Our Mission', icon: 'target', paragraphs: ['Make enterprise-grade security affordable.'] })} />,
    )
    expect(container.querySelector('[data-layout="oneColumn"]')).not.toBeNull()
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Our Mission')
  })
})
