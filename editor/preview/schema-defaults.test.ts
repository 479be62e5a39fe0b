import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../site/generated/site-config'
import { blockWithDefaults, withSchemaDefaults } from './schema-defaults'

const config = JSON.parse(fs.readFileSync(new URL('../../site.config.json', import.meta.url), 'utf8')) as SiteConfig

describe("the preview's defaults", () => {
  it('fill in a block sent alone as they fill it in within the whole config', () => {
    const whole = withSchemaDefaults(config)
    for (const [routeIndex, route] of config.routes.entries()) {
      for (const [index, block] of route.blocks.entries()) expect(blockWithDefaults(block), `${route.path} blocks[${index}]`).toEqual(whole.routes[routeIndex]!.blocks[index])
    }
  })
})
