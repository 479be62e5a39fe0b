import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { schemasDir } from '../../authoring/project-paths'
import type { Block } from '../../site/generated/site-config'
import { pagePicturesOf, srcsetOf } from '../../site/derived-pictures'
import { blockTypesWithPictures, derivedWidthsFor, lcpPictureOf, pictureUsesOf, sizesFor } from '../../site/picture-slots'

const photo = (src: string) => ({ src, alt: 'A photo', width: 560, height: 420 })
const textSection = (src: string, layout: 'oneColumn' | 'twoColumns' = 'twoColumns') =>
  ({ type: 'textSection', heading: 'Story', paragraphs: ['p'], layout, image: photo(src) }) as Block
const logos = (...srcs: string[]) => ({ type: 'logoStrip', durationSeconds: 20, logos: srcs.map((src) => ({ src, alt: src, width: 160, height: 60 })) }) as Block

describe('the widths a picture is encoded at', () => {
  it('are each display width of its slot at 1× and 2×, smallest first', () => {
    expect(derivedWidthsFor('textSection.twoColumns', { width: 4000, height: 3000 })).toEqual([400, 552, 800, 1104])
    expect(derivedWidthsFor('textSection.oneColumn', { width: 4000, height: 3000 })).toEqual([400, 800, 1600])
  })

  it('never go past the picture’s own width: the original width stands in for the wider ones', () => {
    expect(derivedWidthsFor('textSection.twoColumns', { width: 700, height: 500 })).toEqual([400, 552, 700])
    expect(derivedWidthsFor('blogArticles.card', { width: 300, height: 200 })).toEqual([300])
  })

  it('follow a logo’s proportions at the strip’s fixed height, and say that width in sizes', () => {
    expect(derivedWidthsFor('logoStrip.logo', { width: 1000, height: 250 })).toEqual([192, 384])
    expect(sizesFor('logoStrip.logo', { width: 1000, height: 250 })).toBe('192px')
    expect(sizesFor('textSection.twoColumns', { width: 1000, height: 250 })).toBe('(max-width: 62em) calc(100vw - 2.5rem), 552px')
  })
})

describe('the pictures of a page', () => {
  it('names every picture of the blocks that show some, each in its slot, in the order of the page', () => {
    const blocks = [{ type: 'pageHero', heading: 'Hi' } as Block, textSection('/images/a.jpg', 'oneColumn'), logos('/images/b.png', '/images/c.svg')]
    expect(pictureUsesOf(blocks).map(({ image, slot }) => [image.src, slot])).toEqual([
      ['/images/a.jpg', 'textSection.oneColumn'],
      ['/images/b.png', 'logoStrip.logo'],
      ['/images/c.svg', 'logoStrip.logo'],
    ])
  })

  it('takes as the first screen’s picture the first picture of the first block only, and never a logo', () => {
    expect(lcpPictureOf([textSection('/images/a.jpg'), textSection('/images/b.jpg')])).toBe('/images/a.jpg')
    expect(lcpPictureOf([{ type: 'pageHero', heading: 'Hi' } as Block, textSection('/images/a.jpg')])).toBeUndefined()
    expect(lcpPictureOf([logos('/images/b.png')])).toBeUndefined()
    // An SVG can be the main picture too: it loads first, though nothing is derived from it.
    expect(pagePicturesOf([textSection('/images/story.svg')])).toEqual({ derived: {}, lcp: '/images/story.svg' })
  })

  it('carries only its own pictures’ derived files, and nothing at all for a page without pictures', () => {
    const derived = {
      '/images/a.jpg': { width: 800, height: 600, widths: [400, 800], base: '/assets/pictures/images/a-0123456789ab' },
      '/images/x.jpg': { width: 1, height: 1, widths: [1], base: '/x' },
    }
    expect(pagePicturesOf([{ type: 'ctaBand' } as Block, textSection('/images/a.jpg')], derived)).toEqual({ derived: { '/images/a.jpg': derived['/images/a.jpg'] } })
    expect(pagePicturesOf([{ type: 'ctaBand' } as Block], derived)).toBeUndefined()
    expect(srcsetOf(derived['/images/a.jpg'], 'avif')).toBe('/assets/pictures/images/a-0123456789ab-400w.avif 400w, /assets/pictures/images/a-0123456789ab-800w.avif 800w')
  })

  it('knows every block type whose schema has a picture, so none is shown unsized', () => {
    const withImages = fs
      .readdirSync(path.join(schemasDir, 'blocks'))
      .filter((file) => fs.readFileSync(path.join(schemasDir, 'blocks', file), 'utf8').includes('image.schema.json'))
      .map((file) => file.replace('.schema.json', ''))
    expect(withImages.length).toBeGreaterThan(0)
    expect([...blockTypesWithPictures].sort()).toEqual(withImages.sort())
  })
})
