import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ClosingQuoteBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples, asRendered } from '../../tests/helpers/render-block'
import ClosingQuote from './ClosingQuote'

const [example] = schemaExamples<ClosingQuoteBlock>('closingQuote')

describe('closingQuote block', () => {
  it('renders its schema example: the statement in quotation marks and who said it', async () => {
    const { container } = await renderInSite(<ClosingQuote {...example!} />)
    expect(container.querySelector('blockquote')!.textContent).toBe(`“${example!.quote}”`)
    expect(screen.getByText(`— ${example!.attribution}`).tagName).toBe('FIGCAPTION')
    await expectNoAxeViolations(container)
  })

  it('leaves the attribution out when there is none', async () => {
    const { container } = await renderInSite(<ClosingQuote {...asRendered({ type: 'closingQuote', quote: 'Protect what matters.' })} />)
    expect(container.querySelector('figcaption')).toBeNull()
  })
})
