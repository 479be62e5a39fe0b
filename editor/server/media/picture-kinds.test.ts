import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config.ts'
import { pictureKindAt, sizeToShow } from './picture-kinds.ts'

const config = siteConfig as unknown as SiteConfig

describe('the width and height written for a newly picked picture', () => {
  it('a logo keeps the height the field had, its width following the new logo', () => {
    expect(sizeToShow({ width: 360, height: 120 }, { src: '/images/partners/fortinet.svg', width: 160, height: 60 }, 'logo')).toEqual({ width: 180, height: 60 })
  })

  it('a picture keeps the width the field had, its height following the new picture', () => {
    expect(sizeToShow({ width: 1600, height: 900 }, { src: '/images/about/story.svg', width: 560, height: 420 }, 'picture')).toEqual({ width: 560, height: 315 })
  })

  it('a new field (no picture yet, or the form’s placeholder 1 × 1) takes the picture’s size, scaled into the box the site shows the kind in', () => {
    expect(sizeToShow({ width: 1600, height: 900 }, { src: '', width: 1, height: 1 }, 'picture')).toEqual({ width: 800, height: 450 })
    expect(sizeToShow({ width: 360, height: 120 }, { src: '/images/partners/fortinet.svg', width: 1, height: 1 }, 'logo')).toEqual({ width: 180, height: 60 })
    expect(sizeToShow({ width: 32, height: 32 }, {}, 'logo')).toEqual({ width: 32, height: 32 })
  })
})

describe('the kind of picture at a place of the config', () => {
  const stripAt = config.routes.findIndex((route) => route.blocks.some((block) => block.type === 'logoStrip'))
  const strip = config.routes[stripAt]!.blocks.findIndex((block) => block.type === 'logoStrip')

  it('is a logo in the site settings’ logo and in a logo strip, a picture elsewhere', () => {
    expect(pictureKindAt(config, ['site', 'logo'])).toBe('logo')
    expect(pictureKindAt(config, ['routes', stripAt, 'blocks', strip, 'logos', 0])).toBe('logo')
    const about = config.routes.findIndex((route) => route.path === '/about')
    const text = config.routes[about]!.blocks.findIndex((block) => block.type === 'textSection' && 'image' in block)
    expect(pictureKindAt(config, ['routes', about, 'blocks', text, 'image'])).toBe('picture')
  })
})
