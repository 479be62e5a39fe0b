import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CaseStudiesBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import CaseStudies from './CaseStudies'

const [example] = schemaExamples<CaseStudiesBlock>('caseStudies')
const study = example!.studies[0]!

describe('caseStudies block', () => {
  it('renders its schema example: industry, title, impact, metrics and the action', async () => {
    const { container } = await renderInSite(<CaseStudies {...example!} />)
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(study.title)
    expect(screen.getByText(study.industry)).toBeTruthy()
    expect(screen.getByText(study.impact)).toBeTruthy()
    expect(screen.getByText('Classrooms').tagName).toBe('DT')
    expect(screen.getByText('200+').tagName).toBe('DD')
    expect(screen.getByRole('link', { name: 'Discuss a Similar Project' }).getAttribute('href')).toBe('/contact')
    await expectNoAxeViolations(container)
  })

  it('clamps the description to three lines, opens the full text with Read more and closes it with Show less', async () => {
    await renderInSite(<CaseStudies {...example!} />)
    const description = screen.getByText(study.description)
    expect(description.hasAttribute('data-expanded')).toBe(false)
    const toggle = screen.getByRole('button', { name: `Read more about ${study.title}` })
    expect(toggle.getAttribute('aria-controls')).toBe(description.id)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(description.hasAttribute('data-expanded')).toBe(true)
    expect(screen.getByRole('button', { name: `Show less about ${study.title}` }).getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(toggle)
    expect(description.hasAttribute('data-expanded')).toBe(false)
    expect(screen.getByRole('button', { name: `Read more about ${study.title}` }).getAttribute('aria-expanded')).toBe('false')
  })
})
