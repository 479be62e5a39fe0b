import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import { setIn } from '../state/json-path'
import { previewUpdate } from './preview-update'

const config = JSON.parse(fs.readFileSync(new URL('../../../site.config.json', import.meta.url), 'utf8')) as SiteConfig
const about = config.routes.findIndex((route) => route.path === '/about')
const aboutBlocks = config.routes[about]!.blocks

describe('previewUpdate: what the editor sends its preview after a change', () => {
  const first = previewUpdate(null, config, '/about', null)

  it('sends the whole config first (and whenever the frame asks again), with no blocks besides', () => {
    expect(first.message).toEqual({ type: 'editor-preview', config, path: '/about', blockCount: aboutBlocks.length, changedBlocks: [], block: null, field: [] })
  })

  it('sends a keystroke in a block as that block alone', () => {
    const typed = setIn(config, ['routes', about, 'blocks', 2, 'heading'], 'Eastbridge in Figures')
    const { message } = previewUpdate(first.sent, typed, '/about', 2)
    expect(message.config).toBeUndefined()
    expect(message.changedBlocks).toEqual([[2, typed.routes[about]!.blocks[2]]])
    expect(message).toMatchObject({ path: '/about', blockCount: aboutBlocks.length, block: 2 })
  })

  it('sends nothing but the selection when only the selection changed', () => {
    expect(previewUpdate(first.sent, config, '/about', 4).message).toMatchObject({ changedBlocks: [], block: 4 })
    expect(previewUpdate(first.sent, config, '/about', 4).message.config).toBeUndefined()
  })

  it('sends the field the author is on in the selected block, and nothing else when only that changed', () => {
    const { message } = previewUpdate(first.sent, config, '/about', 4, ['cards', 1, 'title'])
    expect(message).toMatchObject({ changedBlocks: [], block: 4, field: ['cards', 1, 'title'] })
    expect(message.config).toBeUndefined()
  })

  it('sends every block that moved when one is removed, and the new count', () => {
    const removed = setIn(config, ['routes', about, 'blocks'], aboutBlocks.toSpliced(1, 1))
    const { message } = previewUpdate(first.sent, removed, '/about', null)
    expect(message.blockCount).toBe(aboutBlocks.length - 1)
    expect(message.changedBlocks.map(([index]) => index)).toEqual(aboutBlocks.slice(2).map((_, offset) => 1 + offset))
  })

  it('sends all blocks of another page when the author opens it', () => {
    const { message } = previewUpdate(first.sent, config, '/', null)
    const home = config.routes.find((route) => route.path === '/')!.blocks
    expect(message.changedBlocks).toEqual(home.map((block, index) => [index, block]))
  })

  it('sends the whole config when anything outside the blocks changed: settings, a page title', () => {
    expect(previewUpdate(first.sent, setIn(config, ['site', 'phone'], '+91 33 4000 9999'), '/about', null).message.config).toBeDefined()
    expect(previewUpdate(first.sent, setIn(config, ['routes', about, 'title'], 'About'), '/about', null).message.config).toBeDefined()
  })

  it('sends the whole config again when another language is picked, and names the language with every message after', () => {
    const inBengali = previewUpdate(first.sent, config, '/about', null, [], 'bn')
    expect(inBengali.message).toMatchObject({ config, language: 'bn', path: '/about' })
    const typed = setIn(config, ['routes', about, 'blocks', 2, 'heading'], 'Eastbridge in Figures')
    const { message } = previewUpdate(inBengali.sent, typed, '/about', 2, [], 'bn')
    expect(message.config).toBeUndefined()
    expect(message).toMatchObject({ language: 'bn', changedBlocks: [[2, typed.routes[about]!.blocks[2]]] })
    expect(previewUpdate(inBengali.sent, config, '/about', null).message.config).toBe(config)
  })
})
