import { screen } from '@testing-library/react'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { BlockList, preloadBlocks } from '../../runtime/blocks'
import type { SiteConfig } from '../../site/generated/site-config'
import { asRendered, renderInSite } from '../../tests/helpers/render-block'
import type { AuthoredBlock } from '../../site/generated/authored-block'
import { fieldAtClick, fieldOfText, placeAtClick } from './text-field'

describe('fieldOfText: the place in a block of a text the reader sees', () => {
  const block = {
    type: 'cardGrid',
    heading: 'Our Services',
    intro: 'Managed IT   and security,\n around the clock.',
    cards: [
      { title: 'Security', text: 'Firewalls and monitoring.' },
      { title: 'Our Services', text: 'Everything we do.' },
    ],
  }

  it('is the string equal to it, the deepest one when several are', () => {
    expect(fieldOfText(block, 'Security')).toEqual(['cards', 0, 'title'])
    expect(fieldOfText(block, 'Our Services')).toEqual(['cards', 1, 'title'])
  })

  it('reads white space as the page shows it', () => {
    expect(fieldOfText(block, ' Managed IT and security, around the clock. ')).toEqual(['intro'])
  })

  it('is the shortest string containing it when none is equal: a part of a longer text', () => {
    expect(fieldOfText(block, 'and monitoring')).toEqual(['cards', 0, 'text'])
    expect(fieldOfText(block, 'Everything')).toEqual(['cards', 1, 'text'])
  })

  it('is nothing for a text the block does not hold, or too short to tell', () => {
    expect(fieldOfText(block, 'Read more')).toBeNull()
    expect(fieldOfText(block, 'an')).toBeNull()
    expect(fieldOfText(block, '   ')).toBeNull()
  })
})

describe('fieldAtClick: the field of the text clicked in a rendered block', () => {
  const config = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../site.config.json'), 'utf8')) as SiteConfig
  const about = config.routes.find((route) => route.path === '/about')!.blocks as unknown as AuthoredBlock[]
  beforeAll(() => preloadBlocks(about.map((block) => block.type)))

  /** One block as the preview renders it, in its wrapper. */
  async function renderBlock(authored: AuthoredBlock) {
    const block = asRendered(authored)
    const { container } = await renderInSite(
      <div data-editor-block="0">
        <BlockList blocks={[block]} where="/about" />
      </div>,
    )
    const wrapper = container.querySelector('[data-editor-block]')!
    return { block, at: (target: Element) => fieldAtClick(target, wrapper, block), wrapper }
  }

  it('finds a heading, a card’s title, a card’s text and a picture’s alternative text', async () => {
    const { at } = await renderBlock(about.find((block) => block.type === 'cardGrid')!)
    expect(at(screen.getByRole('heading', { name: 'Mission & Vision' }))).toEqual(['heading'])
    expect(at(screen.getByRole('heading', { name: 'Our Mission' }))).toEqual(['cards', 0, 'title'])
    expect(at(screen.getByText(/^To give every organisation/))).toEqual(['cards', 0, 'text'])
  })

  it('finds the heading from a click on its words around a highlighted part, and the highlight from a click on it', async () => {
    const hero = about.find((block) => block.type === 'pageHero') as AuthoredBlock & { heading: string; highlight: string }
    const { at } = await renderBlock(hero)
    const heading = screen.getByRole('heading', { level: 1 })
    expect(at(heading)).toEqual(['heading'])
    expect(at(screen.getByText(hero.highlight))).toEqual(['highlight'])
  })

  it('finds a link’s label, and is the block itself for a click on no text', async () => {
    const cta = about.find((block) => block.type === 'ctaBand') as AuthoredBlock & { actions: { label: string }[] }
    const { at, wrapper } = await renderBlock(cta)
    expect(at(screen.getByRole('link', { name: cta.actions[0]!.label }))).toEqual(['actions', 0, 'label'])
    expect(at(wrapper.querySelector('section')!)).toEqual([])
  })
})

describe('placeAtClick: which of equal texts, and where in the text', () => {
  /** A block's texts rendered in its order, as blocks render their lists. */
  function rendered(html: string) {
    document.body.innerHTML = `<div data-editor-block="0">${html}</div>`
    return document.body.firstElementChild!
  }

  it('tells equal texts apart by their order in the block: the second slide’s heading is the second slide’s', () => {
    const block = { slides: [{ title: 'Security' }, { title: 'Security' }, { title: 'Cloud' }] }
    const wrapper = rendered('<div><h2>Security</h2></div><div><h2>Security</h2></div><div><h2>Cloud</h2></div>')
    const [first, second] = wrapper.querySelectorAll('h2')
    expect(placeAtClick(first!, wrapper, block, null).field).toEqual(['slides', 0, 'title'])
    expect(placeAtClick(second!, wrapper, block, null).field).toEqual(['slides', 1, 'title'])
    expect(fieldAtClick(second!, wrapper, block)).toEqual(['slides', 1, 'title'])
  })

  it('keeps the deepest equal string when the block does not show each of them once', () => {
    const block = { heading: 'Our Services', cards: [{ title: 'Our Services' }] }
    const wrapper = rendered('<h3>Our Services</h3>')
    expect(fieldAtClick(wrapper.querySelector('h3')!, wrapper, block)).toEqual(['cards', 0, 'title'])
  })

  it('puts the caret where the click was, across a highlighted part and the page’s white space', () => {
    const block = { heading: 'Cyber Security  That Never Sleeps', highlight: 'Never Sleeps' }
    const wrapper = rendered('<h1>\n  Cyber Security That <span>Never Sleeps</span></h1>')
    const heading = wrapper.querySelector('h1')!
    const [before, highlighted] = [heading.firstChild!, heading.querySelector('span')!.firstChild!]
    // In "Cyber Security That ", after "Cyber Sec".
    expect(placeAtClick(heading, wrapper, block, { node: before, offset: '\n  Cyber Sec'.length })).toEqual({ field: ['heading'], caret: 'Cyber Sec'.length })
    // Past the doubled space of the string, which the page shows as one.
    expect(placeAtClick(heading, wrapper, block, { node: before, offset: '\n  Cyber Security Th'.length })).toEqual({ field: ['heading'], caret: 'Cyber Security  Th'.length })
    expect(placeAtClick(heading.querySelector('span')!, wrapper, block, { node: highlighted, offset: 5 })).toEqual({ field: ['highlight'], caret: 5 })
  })

  it('gives no caret for a picture’s alternative text, or without a point', () => {
    const block = { logos: [{ src: '/images/a.svg', alt: 'Acme' }] }
    const wrapper = rendered('<img src="/images/a.svg" alt="Acme">')
    const image = wrapper.querySelector('img')!
    expect(placeAtClick(image, wrapper, block, { node: image, offset: 0 })).toEqual({ field: ['logos', 0, 'alt'] })
    expect(placeAtClick(image, wrapper, block, null)).toEqual({ field: ['logos', 0, 'alt'] })
  })
})
