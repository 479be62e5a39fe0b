import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TestimonialsBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import Testimonials from './Testimonials'

const [example] = schemaExamples<TestimonialsBlock>('testimonials')

describe('testimonials block', () => {
  it('renders its schema example: each quote with the name, role and organisation of who said it', async () => {
    const { container } = await renderInSite(<Testimonials {...example!} />)
    for (const item of example!.items) {
      const figure = screen.getByText(item.name).closest('figure')!
      expect(figure.querySelector('blockquote')!.textContent).toBe(`“${item.quote}”`)
      expect(figure.textContent).toContain(`${item.role}, ${item.organisation}`)
    }
    await expectNoAxeViolations(container)
  })
})
