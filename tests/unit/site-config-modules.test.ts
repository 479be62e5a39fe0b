import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageModuleId, siteConfigModules } from '../../scripts/lib/vite-site-config'

const config = {
  site: { name: 'Test Co' },
  navigation: { items: [] },
  footer: {},
  forms: { contact: { endpoint: '/api/contact' } },
  $schema: './schemas/site.schema.json',
  routes: [
    { path: '/', title: 'Home', description: 'd', blocks: [{ type: 'pageHero', heading: 'Hi' }, { type: 'ctaBand' }, { type: 'pageHero' }] },
    { path: '/security_solutions/email_security', title: 'Mail', description: 'd', blocks: [{ type: 'cardGrid' }] },
  ],
}

/** Loads one module of the plugin the way Vite does: resolveId, then load. */
function load(id: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'site-config-')), 'site.config.json')
  fs.writeFileSync(file, JSON.stringify(config))
  const plugin = siteConfigModules(file) as unknown as { resolveId(id: string): string; load(this: { addWatchFile(file: string): void }, id: string): string }
  return plugin.load.call({ addWatchFile: () => {} }, plugin.resolveId(id))
}
const jsonOf = (code: string) => JSON.parse(JSON.parse(code.match(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/)![1]!))

describe('site.config.json as modules', () => {
  it('every page gets the settings and route table, without page content or forms', () => {
    const code = load('virtual:site-config')
    const shell = jsonOf(code)
    expect(shell.forms).toBeUndefined()
    expect(shell.$schema).toBeUndefined()
    expect(shell.routes[0]).toEqual({ path: '/' })
    expect(code).toContain(`"/security_solutions/email_security": () => import("${pageModuleId('/security_solutions/email_security')}")`)
  })

  it("a page's title, description and blocks are a module of their own, named after its path", () => {
    expect(pageModuleId('/')).toBe('virtual:site-page/page-home')
    expect(jsonOf(load(pageModuleId('/security_solutions/email_security')))).toEqual({ title: 'Mail', description: 'd', blocks: [{ type: 'cardGrid' }] })
  })

  it('the forms section is a module of its own', () => {
    expect(jsonOf(load('virtual:site-forms'))).toEqual(config.forms)
  })
})
