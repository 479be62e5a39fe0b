import { MantineProvider } from '@mantine/core'
import { fireEvent, getByRole, getByText } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import type { CaseStudiesBlock } from '../../site/generated/site-config'
import { schemaExamples } from '../../tests/helpers/render-block'
import enhanceCaseStudies from './case-studies.enhance'
import CaseStudies from './CaseStudies'

const [example] = schemaExamples<CaseStudiesBlock>('caseStudies')
const first = example!.studies[0]!
const second = { ...first, id: 'hospital-network', title: 'A Network for a Hospital', description: 'Wards, clinics and the lab on one managed network.' }
const block = { ...example!, studies: [first, second] }

/** The block as a built page has it: its prerendered HTML and no React, the section being the root the page enhances. */
function builtPage() {
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = renderToStaticMarkup(
    <MantineProvider>
      <CaseStudies {...block} />
    </MantineProvider>,
  )
  return container.querySelector('section')!
}
const button = (root: HTMLElement, name: string) => getByRole(root, 'button', { name })

afterEach(() => document.body.replaceChildren())

describe('Read more on a built page', () => {
  it('opens and closes the description of the card clicked, and only that one', () => {
    const root = builtPage()
    enhanceCaseStudies(root)
    const description = getByText(root, first.description)
    const other = getByText(root, second.description)
    expect(description.id).not.toBe(other.id)

    fireEvent.click(button(root, `Read more about ${first.title}`))
    const open = button(root, `Show less about ${first.title}`)
    expect(open.getAttribute('aria-expanded')).toBe('true')
    expect(open.getAttribute('aria-controls')).toBe(description.id)
    expect(description.hasAttribute('data-expanded')).toBe(true)
    expect(other.hasAttribute('data-expanded')).toBe(false)
    expect(button(root, `Read more about ${second.title}`).getAttribute('aria-expanded')).toBe('false')

    fireEvent.click(open)
    expect(button(root, `Read more about ${first.title}`).getAttribute('aria-expanded')).toBe('false')
    expect(description.hasAttribute('data-expanded')).toBe(false)
  })

  it('reacts to a click on the words inside the button too', () => {
    const root = builtPage()
    enhanceCaseStudies(root)
    fireEvent.click(getByText(root, `about ${second.title}`))
    expect(button(root, `Show less about ${second.title}`).getAttribute('aria-expanded')).toBe('true')
  })

  it('undoing it closes every card and stops listening', () => {
    const root = builtPage()
    const undo = enhanceCaseStudies(root)
    fireEvent.click(button(root, `Read more about ${first.title}`))
    undo()
    const toggle = button(root, `Read more about ${first.title}`)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(getByText(root, first.description).hasAttribute('data-expanded')).toBe(false)
  })
})
