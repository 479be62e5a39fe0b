import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CtaBandBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import CtaBand from './CtaBand'

const [example] = schemaExamples<CtaBandBlock>('ctaBand')

describe('ctaBand block', () => {
  it('renders its schema example: a named section whose buttons lead to real pages', async () => {
    const { container } = await renderInSite(<CtaBand {...example!} />)
    expect(screen.getByRole('region', { name: example!.heading })).toBeTruthy()
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(example!.actions.map((action) => [action.label, action.to]))
    await expectNoAxeViolations(container)
  })
})
