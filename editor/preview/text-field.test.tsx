import { screen } from '@testing-library/react'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { BlockList, preloadBlocks } from '../../runtime/blocks'
import type { SiteConfig } from '../../site/generated/site-config'
import { asRendered, renderInSite } from '../../tests/helpers/render-block'
import type { AuthoredBlock } from '../../site/generated/authored-block'
import { fieldAtClick, fieldOfText } from './text-field'

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
