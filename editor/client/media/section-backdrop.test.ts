import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import { themePalettes } from '../../../site/theme-palettes'
import { setIn } from '../state/json-path'
import { backdropAt } from './section-backdrop'

const config = JSON.parse(fs.readFileSync(new URL('../../../site.config.json', import.meta.url), 'utf8')) as SiteConfig
const home = config.routes.findIndex((route) => route.path === '/')
const stripIndex = config.routes[home]!.blocks.findIndex((block) => block.type === 'logoStrip')
const logoSrc = ['routes', home, 'blocks', stripIndex, 'logos', 0, 'src']
const withBackground = (background: string | undefined) => setIn(config, ['routes', home, 'blocks', stripIndex, 'background'], background)
const palettes = themePalettes(config.site.theme!)

describe('backdropAt: what a picture field shows its picture on', () => {
  it('is the tint of a tinted strip, in the theme’s neutral shade 1', () => {
    expect(backdropAt(withBackground('tinted'), logoSrc)).toBe(palettes.slate[1])
  })

  it('is the navy band of a navy strip, in the primary colour’s darkest shades, following the theme being edited', () => {
    expect(backdropAt(withBackground('navy'), logoSrc)).toBe(`linear-gradient(135deg, ${palettes.brand[9]} 0%, ${palettes.brand[8]} 100%)`)
    const green = setIn(withBackground('navy'), ['site', 'theme', 'primaryColor'], '#2f9e44')
    expect(backdropAt(green, logoSrc)).toContain(themePalettes({ ...config.site.theme!, primaryColor: '#2f9e44' }).brand[9])
  })

  it('is white for a white strip, a strip without a background and a picture outside a block; a colour half typed is the default theme’s', () => {
    expect(backdropAt(withBackground('white'), logoSrc)).toBe('#ffffff')
    expect(backdropAt(withBackground(undefined), logoSrc)).toBe('#ffffff')
    expect(backdropAt(config, ['site', 'logo', 'src'])).toBe('#ffffff')
    const halfTyped = setIn(withBackground('navy'), ['site', 'theme', 'primaryColor'], '#2f9')
    const defaultTheme = setIn(withBackground('navy'), ['site', 'theme'], undefined)
    expect(backdropAt(halfTyped, logoSrc)).toBe(backdropAt(defaultTheme, logoSrc))
  })
})
