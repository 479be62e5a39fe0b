import fs from 'node:fs'
import type { Plugin } from 'vite'
import type { SiteShell } from '../../kit/config.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { themePalettes } from '../../runtime/theme-palettes.ts'
import { withSchemaDefaults } from '../../authoring/config/config-defaults.ts'
import { defaultConfigPath } from './paths.ts'
import { pageModuleName } from '../../site/page-module-name.ts'

/** The module holding one route's blocks, as the build manifest names it. */
export const pageModuleId = (routePath: string) => siteConfigModuleIds.pagePrefix + pageModuleName(routePath)

/** The modules the runtime imports site.config.json through (declared in kit/site-config-modules.d.ts). */
export const siteConfigModuleIds = {
  shell: 'virtual:site-config',
  forms: 'virtual:site-forms',
  theme: 'virtual:site-theme',
  pagePrefix: 'virtual:site-page/',
} as const

const resolvedPrefix = '\0'

/** Whether a resolved module id is one of the modules made from the config. */
export const isSiteConfigModule = (id: string) => id.startsWith(`${resolvedPrefix}virtual:site-`)

/**
 * Splits site.config.json into the modules the runtime needs, so every page does not download the
 * whole site's content (about 30 KB compressed and growing with every page):
 * - `virtual:site-config`: settings, navigation, footer and the route table, where each route leaves
 *   its blocks, title and description (its head tags) to its page module, plus one lazy loader
 *   per route;
 * - `virtual:site-page/page-<path>`: the title, description and blocks of one route, a chunk of
 *   their own (what its route loader returns);
 * - `virtual:site-forms`: the forms section, loaded only by the form block;
 * - `virtual:site-theme`: the theme's colour palettes, worked out here rather than in every page.
 * The file is read on every load, so the dev server picks up a saved change after invalidation,
 * with the schemas' defaults applied (authoring/config/config-defaults.ts).
 */
export function siteConfigModules(configPath = process.env.SITE_CONFIG ?? defaultConfigPath): Plugin {
  // With the schemas' defaults filled in: components receive complete props (site/generated types).
  const readConfig = (): SiteConfig => withSchemaDefaults(JSON.parse(fs.readFileSync(configPath, 'utf8')))
  const asModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))})`

  return {
    name: 'site-config-modules',
    resolveId(id) {
      if (id === siteConfigModuleIds.shell || id === siteConfigModuleIds.forms || id === siteConfigModuleIds.theme || id.startsWith(siteConfigModuleIds.pagePrefix)) {
        return resolvedPrefix + id
      }
      return null
    },
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return null
      const moduleId = id.slice(resolvedPrefix.length)
      this.addWatchFile(configPath)
      const config = readConfig()
      if (moduleId === siteConfigModuleIds.forms) return asModule(config.forms)
      if (moduleId === siteConfigModuleIds.theme) return asModule(themePalettes(config.site.theme))
      if (moduleId.startsWith(siteConfigModuleIds.pagePrefix)) {
        const name = moduleId.slice(siteConfigModuleIds.pagePrefix.length)
        const route = config.routes.find((candidate) => pageModuleName(candidate.path) === name)
        if (!route) throw new Error(`${moduleId}: no such route in ${configPath}`)
        return asModule({ title: route.title, description: route.description, blocks: route.blocks })
      }
      if (moduleId !== siteConfigModuleIds.shell) return null
      return `${asModule(siteShellOf(config))}\nexport const pageLoaders = {\n${loaders(config).join('\n')}\n}\n`
    },
  }
}

/** What every page needs of the config (see siteConfigModules): no forms, no page content, no editor hint. */
function siteShellOf(config: SiteConfig): SiteShell {
  const { forms: _forms, routes, $schema: _schema, ...rest } = config as SiteConfig & { $schema?: string }
  return {
    ...rest,
    routes: routes.map(({ blocks: _blocks, title: _title, description: _description, ...route }) => route),
  }
}

function loaders(config: SiteConfig) {
  return config.routes.map((route) => `  ${JSON.stringify(route.path)}: () => import(${JSON.stringify(pageModuleId(route.path))}),`)
}
