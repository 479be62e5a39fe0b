import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { config } from '../../kit/config'
import type { ProcessStepsBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import ProcessSteps from './ProcessSteps'

const [example] = schemaExamples<ProcessStepsBlock>('processSteps')

describe('processSteps block', () => {
  it('renders its schema example as an ordered list of numbered steps', async () => {
    const { container } = await renderInSite(<ProcessSteps {...example!} />)
    const list = screen.getByRole('list')
    expect(list.tagName).toBe('OL')
    const steps = screen.getAllByRole('listitem')
    expect(steps.map((step) => step.textContent)).toEqual(example!.steps.map((step, index) => `0${index + 1}${step.title}${step.text}`))
    await expectNoAxeViolations(container)
  })

  it("numbers the steps in the site's own digits", async () => {
    const locale = config.site.locale
    config.site.locale = 'bn-IN'
    try {
      await renderInSite(<ProcessSteps {...example!} />)
      expect(screen.getAllByRole('listitem').map((step) => step.firstChild!.textContent)).toEqual(example!.steps.map((_, index) => `০${'১২৩৪৫৬৭৮৯'[index]}`))
    } finally {
      config.site.locale = locale
    }
  })
})
