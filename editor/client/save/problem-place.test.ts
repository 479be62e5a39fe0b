import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import { problemPlace } from './problem-place'

const config = siteConfig as unknown as SiteConfig
const about = config.routes.findIndex((route) => route.path === '/about')
const home = config.routes.findIndex((route) => route.path === '/')
const place = (path: (string | number)[]) => problemPlace(path, config).join(' › ')

describe('where a problem is, in the words the screens use', () => {
  it('names a block’s field by the page’s title, the block as the outline numbers it and the item as its form labels it', () => {
    expect(place(['routes', about, 'blocks', 7, 'actions', 0, 'to'])).toBe('About Us › 8. Cta band › Action 1 › To')
    expect(place(['routes', about, 'blocks', 3, 'cards', 1])).toBe('About Us › 4. Card grid › Card 2')
    expect(place(['routes', home, 'blocks', 0, 'slides', 2, 'trustIndicators', 0])).toBe(`${config.routes[home]!.title} › 1. Hero carousel › Slide 3 › Trust indicator 1`)
  })

  it('names a page’s own fields, and a page or block the config does not have, without failing', () => {
    expect(place(['routes', about, 'title'])).toBe('About Us › Title')
    expect(place(['routes', 999, 'blocks', 0])).toBe('Page 1000 › 1. Block')
    expect(place(['routes', about, 'blocks', 99, 'heading'])).toBe('About Us › 100. Block')
    expect(place(['routes', about, 'blocks', 0, 'no-such-property'])).toBe('About Us › 1. Page hero › No such property')
    expect(place([])).toBe('The whole site')
  })

  it('names the header menu’s entries as its screen does, through the link or dropdown each one is', () => {
    const dropdown = config.navigation.items.findIndex((item) => 'items' in item)
    expect(place(['navigation', 'items', dropdown, 'items', 0, 'label'])).toBe(`Header menu › Item ${dropdown + 1} › Item 1 › Label`)
  })
})
