import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BlogArticlesBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples } from '../../tests/helpers/render-block'
import BlogArticles from './BlogArticles'

const [example] = schemaExamples<BlogArticlesBlock>('blogArticles')
const article = example!.articles[0]!

describe('blogArticles block', () => {
  it('renders its schema example: title, category, author, date, read time, intro and outline', async () => {
    const { container } = await renderInSite(<BlogArticles {...example!} />)
    const card = screen.getByRole('article')
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(article.title)
    for (const text of [article.category, article.author, article.date, article.readTime, article.intro]) {
      expect(within(card).getByText(text)).toBeTruthy()
    }
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(expect.arrayContaining(article.outline))
    await expectNoAxeViolations(container)
  })

  it('shows the picture with its size and alt text, loaded lazily', async () => {
    await renderInSite(<BlogArticles {...example!} />)
    const image = screen.getByRole('img', { name: article.image.alt })
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading')]).toEqual(['640', '360', 'lazy'])
  })

  it('ends with the newsletter call to action leading to a real page', async () => {
    await renderInSite(<BlogArticles {...example!} />)
    expect(screen.getByRole('heading', { name: 'Stay Ahead of Threats' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Subscribe to Our Newsletter' }).getAttribute('href')).toBe('/contact')
  })
})
