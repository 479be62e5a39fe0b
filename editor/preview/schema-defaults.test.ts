import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../site/generated/site-config'
import { blockWithDefaults, withSchemaDefaults } from './schema-defaults'

const config = JSON.parse(fs.readFileSync(new URL('../../site.config.json', import.meta.url), 'utf8')) as SiteConfig

/** The shipped config with one edit made to a copy, as the editor's draft holds it. */
const edited = (edit: (draft: SiteConfig) => void) => {
  const draft = structuredClone(config)
  edit(draft)
  return draft
}

describe("the preview's defaults", () => {
  it('fill in a block sent alone as they fill it in within the whole config', () => {
    const whole = withSchemaDefaults(config)
    for (const [routeIndex, route] of config.routes.entries()) {
      for (const [index, block] of route.blocks.entries()) expect(blockWithDefaults(block), `${route.path} blocks[${index}]`).toEqual(whole.routes[routeIndex]!.blocks[index])
    }
  })

  // A draft in the middle of an edit breaks a rule before the site's words and theme are reached;
  // the page is still shown whole, so every default is filled in wherever the error is.
  it.each([
    ['an empty link just added to the footer', (draft: SiteConfig) => draft.footer.columns![0]!.links.push({ label: '', to: '' })],
    ["the company's name emptied", (draft: SiteConfig) => void (draft.site.name = '')],
  ])('fill in every default of a draft with %s, as of the same edit made after the filling-in', (_, edit) => {
    const expected = withSchemaDefaults(config)
    edit(expected)
    const filled = withSchemaDefaults(edited(edit))
    expect(filled.texts.header.skipToContent).toBe('Skip to content')
    expect(filled).toEqual(expected)
  })
})
