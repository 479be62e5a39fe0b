import fs from 'node:fs'
import type { Plugin } from 'vite'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { withSchemaDefaults } from '../../authoring/config/config-defaults.ts'
import { migratedInMemory } from '../../authoring/migrate/migrate-config.ts'
import { chosenSite } from './site-folder.ts'
import { languageSites, type LanguageSite } from '../../site/languages.ts'
import { pageModuleName } from '../../site/page-module-name.ts'
import { pageDataOf, siteDataOf } from '../../site/site-data.ts'
import { withSiteHead } from '../../content/site-head.ts'

/** The module holding one route's PageData on the dev server. */
export const pageModuleId = (routePath: string) => siteConfigModuleIds.pagePrefix + pageModuleName(routePath)

/** The modules the dev server hands the runtime site.config.json through (declared in kit/site-config-modules.d.ts). */
const siteConfigModuleIds = {
  data: 'virtual:site-data',
  pagePrefix: 'virtual:site-page/',
} as const

/** The site's entry script: the page index.html is, as opposed to the editor's pages the dev server also serves. */
export const siteEntryScript = 'src="/runtime/entry-client.tsx"'

const resolvedPrefix = '\0'

/** Whether a resolved module id is one of the modules made from the config. */
export const isSiteConfigModule = (id: string) => id.startsWith(`${resolvedPrefix}virtual:site-`)

/**
 * The config for `npm run dev` (runtime/dev-site-data.ts), split as a built site splits it
 * (site/site-data.ts, the one place that says what goes where):
 * - `virtual:site-data`: the SiteData (shell, palettes, shell icons, and every block's words and
 *   the forms at once), plus one lazy loader per route;
 * - `virtual:site-page/page-<path>`: one route's PageData (title, description, share image, blocks).
 * A config in several languages (site/languages.ts) has every language's routes among the loaders,
 * and `languageSiteData`: each language's SiteData by its prefix, the page taking the one of its address.
 * A build has neither: the code build compiles no config, the content build writes each page's
 * data into its HTML and page-data/ (content/build-content.ts). The file is read on every load, so the dev
 * server picks up a saved change after invalidation, with the schemas' defaults applied
 * (authoring/config/config-defaults.ts); a config of an older format is read as today's in memory,
 * as the build reads it (the checker, vite-config-check.ts, warns). The dev server's index.html gets the language of
 * `site.locale`, the browser colour and the favicon of the config (withSiteHead).
 */
export function siteConfigModules(configPath = chosenSite().configFile): Plugin {
  const readConfig = () => readDevConfig(configPath)
  const asModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))})`

  return {
    name: 'site-config-modules',
    // The dev server and the tests only: a build compiles no config (see above).
    apply: 'serve',
    resolveId(id) {
      if (id === siteConfigModuleIds.data || id.startsWith(siteConfigModuleIds.pagePrefix)) return resolvedPrefix + id
      return null
    },
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return null
      const moduleId = id.slice(resolvedPrefix.length)
      this.addWatchFile(configPath)
      const sites = languageSites(readConfig())
      if (moduleId.startsWith(siteConfigModuleIds.pagePrefix)) {
        const name = moduleId.slice(siteConfigModuleIds.pagePrefix.length)
        for (const { config } of sites) {
          const route = config.routes.find((candidate) => pageModuleName(candidate.path) === name)
          if (route) return asModule(pageDataOf(config, route))
        }
        throw new Error(`${moduleId}: no such route in ${configPath}`)
      }
      if (moduleId !== siteConfigModuleIds.data) return null
      const byPrefix = Object.fromEntries(sites.map(({ prefix, config }) => [prefix, siteDataOf(config, 'all')]))
      // Exported either way: a module's named import of an export it lacks fails the whole page.
      const languageData = `export const languageSiteData = ${sites.length > 1 ? `JSON.parse(${JSON.stringify(JSON.stringify(byPrefix))})` : 'undefined'}\n`
      return `${asModule(byPrefix[''])}\n${languageData}export const pageLoaders = {\n${sites.flatMap(({ config }) => loaders(config)).join('\n')}\n}\n`
    },
    transformIndexHtml: {
      // Before Vite handles the entry script of index.html.
      order: 'pre',
      handler(html, context?: { path?: string; originalUrl?: string | undefined }) {
        // The address asked for (/bn/about): the dev server hands it as the page's url (scripts/dev/dev-server.ts).
        const address = (context?.originalUrl ?? context?.path ?? '/').split('?')[0]!
        return html.includes(siteEntryScript) ? withSiteHead(html, siteOfPath(languageSites(readConfig()), address).config.site) : html
      },
    },
  }
}

/**
 * The config as the dev server renders it, read afresh: with the schemas' defaults filled in
 * (components receive complete props, site/generated types), an older format read as today's.
 */
export function readDevConfig(configPath: string): SiteConfig {
  return withSchemaDefaults(JSON.parse(migratedInMemory(fs.readFileSync(configPath, 'utf8'), configPath).text))
}

/** The language site whose pages an address is under (/bn/…), else the default language's. */
function siteOfPath(sites: LanguageSite[], path: string): LanguageSite {
  const prefix = `/${path.split('/')[1] ?? ''}`.toLowerCase()
  return sites.find((site) => site.prefix === prefix) ?? sites[0]!
}

function loaders(config: Pick<SiteConfig, 'routes'>) {
  return config.routes.map((route) => `  ${JSON.stringify(route.path)}: () => import(${JSON.stringify(pageModuleId(route.path))}),`)
}
