import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { setJsonValue } from '../../authoring/config/config-edit.ts'
import { validateConfigText } from '../../authoring/check/index.ts'

/** The rule that a highlight is part of its heading (a hero's) or title (a carousel slide's), on the real config. */
const root = path.resolve(import.meta.dirname, '../..')
const real = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')
const config = JSON.parse(real) as { routes: { blocks: { type: string; heading?: string; slides?: { title: string }[] }[] }[] }
const carousel = { route: 0, block: config.routes[0]!.blocks.findIndex((block) => block.type === 'heroCarousel') }
const said = (text: string) => validateConfigText(text, 'site.config.json').map(({ code, pointer, message, hint }) => ({ code, pointer, message, hint }))

describe('a highlight must appear in the text it colours', () => {
  it('a carousel slide’s highlight that is not in its title is a problem at the highlight, with what to do', () => {
    const title = config.routes[carousel.route]!.blocks[carousel.block]!.slides![1]!.title
    const text = setJsonValue(real, ['routes', carousel.route, 'blocks', carousel.block, 'slides', 1, 'highlight'], 'Round the Clock')
    expect(said(text)).toEqual([
      {
        code: 'highlight-not-in-heading',
        pointer: `/routes/${carousel.route}/blocks/${carousel.block}/slides/1/highlight`,
        message: `The highlight "Round the Clock" does not appear in the title ${JSON.stringify(title)}, so no words of the title are coloured.`,
        hint: 'Write words of the title exactly as they are there, or leave out the highlight.',
      },
    ])
  })

  it('a page hero’s highlight in another letter case is named with the spelling the heading has', () => {
    const about = config.routes.findIndex((route) => route.blocks[0]?.type === 'pageHero' && route.blocks[0].heading === 'Building Secure, Dependable IT Since 2016')
    const text = setJsonValue(real, ['routes', about, 'blocks', 0, 'highlight'], 'since 2016')
    expect(said(text)).toMatchObject([{ code: 'highlight-not-in-heading', hint: 'Letter case counts: write it as the heading has it, "Since 2016".' }])
  })

  it('the timeline’s "highlight" (a badge, not a part of any text) is not held to it', () => {
    const timeline = config.routes
      .flatMap((route, routeIndex) => route.blocks.map((block, blockIndex) => ({ block, at: [routeIndex, blockIndex] as const })))
      .find(({ block }) => block.type === 'timeline')!
    const text = setJsonValue(real, ['routes', timeline.at[0], 'blocks', timeline.at[1], 'milestones', 0, 'highlight'], 'Words in no title')
    expect(said(text)).toEqual([])
  })
})
