import fs from 'node:fs'
import type { Plugin } from 'vite'
import type { SiteShell } from '../../kit/config.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { themePalettes } from '../../site/theme-palettes.ts'
import { withSchemaDefaults } from '../../authoring/config/config-defaults.ts'
import { chosenSite } from './site-folder.ts'
import { pageModuleName } from '../../site/page-module-name.ts'
import { pageContentOf, routeSummaryOf } from '../../site/page-content.ts'
import { isShellTextGroup, shellTextGroups } from '../../site/text-groups.ts'
import { escapeHtml } from './html-page.ts'
import { iconModules } from './icon-chunks.ts'
import { shellIconNames, withBrandDefaults } from '../../site/brand-defaults.ts'

/** The module holding one route's blocks, as the build manifest names it. */
export const pageModuleId = (routePath: string) => siteConfigModuleIds.pagePrefix + pageModuleName(routePath)

/** The modules the runtime imports site.config.json through (declared in kit/site-config-modules.d.ts). */
export const siteConfigModuleIds = {
  shell: 'virtual:site-config',
  forms: 'virtual:site-forms',
  theme: 'virtual:site-theme',
  shellIcons: 'virtual:site-shell-icons',
  pagePrefix: 'virtual:site-page/',
  textsPrefix: 'virtual:site-texts/',
} as const

/** The site's entry script: the page index.html is, as opposed to the editor's pages the dev server also serves. */
const siteEntryScript = 'src="/runtime/entry-client.tsx"'

const resolvedPrefix = '\0'

/** Whether a resolved module id is one of the modules made from the config. */
export const isSiteConfigModule = (id: string) => id.startsWith(`${resolvedPrefix}virtual:site-`)

/**
 * Splits site.config.json into the modules the runtime needs, so every page does not download the
 * whole site's content (about 30 KB compressed and growing with every page):
 * - `virtual:site-config`: settings, navigation, footer and the route table, where each route leaves
 *   its blocks, title and description (its head tags) to its page module, plus one lazy loader
 *   per route;
 * - `virtual:site-page/page-<path>`: the title, description, share image and blocks of one route (site/page-content.ts), a chunk of
 *   their own (what its route loader returns);
 * - `virtual:site-forms`: the forms section, loaded only by the form block;
 * - `virtual:site-texts/<block type>`: the words a block writes itself (`texts.caseStudies`…), in
 *   that block's chunk; the shell's words (`texts.header`, `texts.footer`…) come with the settings;
 * - `virtual:site-theme`: the theme's colour palettes, worked out here rather than in every page;
 * - `virtual:site-shell-icons`: the icons of the config's social networks and chat, imported
 *   statically, so the shell draws them at once and carries no others (nor the loaders of the
 *   whole icon set);
 * The file is read on every load, so the dev server picks up a saved change after invalidation,
 * with the schemas' defaults applied (authoring/config/config-defaults.ts). The site's page
 * (index.html, in the build and on the dev server) declares the language of `site.locale`, the
 * browser colour and the favicon of the config (siteHeadTags).
 */
export function siteConfigModules(configPath = chosenSite().configFile): Plugin {
  // With the schemas' defaults filled in: components receive complete props (site/generated types).
  const readConfig = (): SiteConfig => withSchemaDefaults(JSON.parse(fs.readFileSync(configPath, 'utf8')))
  const asModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))})`

  return {
    name: 'site-config-modules',
    resolveId(id) {
      const prefixed = id.startsWith(siteConfigModuleIds.pagePrefix) || id.startsWith(siteConfigModuleIds.textsPrefix)
      const whole = [siteConfigModuleIds.shell, siteConfigModuleIds.forms, siteConfigModuleIds.theme, siteConfigModuleIds.shellIcons] as string[]
      if (whole.includes(id) || prefixed) {
        return resolvedPrefix + id
      }
      return null
    },
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return null
      const moduleId = id.slice(resolvedPrefix.length)
      this.addWatchFile(configPath)
      const config = readConfig()
      if (moduleId === siteConfigModuleIds.forms) return asModule(config.forms ?? {})
      if (moduleId === siteConfigModuleIds.theme) return asModule(themePalettes(config.site.theme))
      if (moduleId === siteConfigModuleIds.shellIcons) return shellIconsModule(config.site)
      if (moduleId.startsWith(siteConfigModuleIds.pagePrefix)) {
        const name = moduleId.slice(siteConfigModuleIds.pagePrefix.length)
        const route = config.routes.find((candidate) => pageModuleName(candidate.path) === name)
        if (!route) throw new Error(`${moduleId}: no such route in ${configPath}`)
        return asModule(pageContentOf(route))
      }
      if (moduleId.startsWith(siteConfigModuleIds.textsPrefix)) {
        const group = moduleId.slice(siteConfigModuleIds.textsPrefix.length)
        if (isShellTextGroup(group) || !Object.hasOwn(config.texts, group)) throw new Error(`${moduleId}: texts has no block group "${group}" (schemas/defs/texts.schema.json)`)
        return asModule(config.texts[group as keyof SiteConfig['texts']])
      }
      if (moduleId !== siteConfigModuleIds.shell) return null
      return `${asModule(siteShellOf(config))}\nexport const pageLoaders = {\n${loaders(config).join('\n')}\n}\n`
    },
    transformIndexHtml: {
      // Before Vite replaces the entry script of the build's index.html with its bundle.
      order: 'pre',
      handler(html) {
        if (!html.includes(siteEntryScript)) return html
        const language = /(<html\b[^>]*?\blang=")[^"]*"/
        if (!language.test(html)) throw new Error('index.html: its <html> has no lang="…" to set to site.locale')
        // At the end of the head, or where the body starts in a page that leaves <head> implied.
        const headEnd = /<\/head>|<body\b/
        if (!headEnd.test(html)) throw new Error('index.html: it has neither </head> nor <body> to put the theme colour and favicon before')
        const { site } = readConfig()
        return html.replace(language, (_tag, start: string) => `${start}${escapeHtml(site.locale)}"`).replace(headEnd, (end) => `  ${siteHeadTags(site)}\n  ${end}`)
      },
    },
  }
}

/** The shell's icons as a module: each Tabler icon imported by its own file, keyed by its name in the icon set. */
function shellIconsModule(site: SiteConfig['site']): string {
  const modules = iconModules()
  const names = shellIconNames(site)
  const imports = names.map((name, index) => {
    const module = modules.get(name)
    if (!module) throw new Error(`kit/icon-loaders.ts has no loader for the icon "${name}"`)
    return `import icon${index} from ${JSON.stringify(module.replace(/^node_modules\//, ''))}`
  })
  return `${imports.join('\n')}\nexport default { ${names.map((name, index) => `${JSON.stringify(name)}: icon${index}`).join(', ')} }\n`
}

const iconTypes: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon' }

/**
 * The page's own tags of the site's brand: the colour phones give the address bar (site.themeColor,
 * else the footer's navy made from the theme's primary colour) and the favicon when the config names one.
 */
function siteHeadTags(site: SiteConfig['site']): string {
  const themeColor = site.themeColor ?? themePalettes(site.theme).navy
  const tags = [`<meta name="theme-color" content="${escapeHtml(themeColor)}" />`]
  if (site.favicon) {
    const type = iconTypes[site.favicon.slice(site.favicon.lastIndexOf('.') + 1).toLowerCase()]
    tags.push(`<link rel="icon" href="${escapeHtml(site.favicon)}"${type ? ` type="${type}"` : ''} />`)
  }
  return tags.join('\n    ')
}

/**
 * What every page needs of the config (see siteConfigModules): no forms, no page content, no block's
 * words, no editor hint; the social networks' and the chat's names and icons filled in.
 */
function siteShellOf(config: SiteConfig): SiteShell {
  const { forms: _forms, routes, texts, $schema: _schema, ...rest } = config as SiteConfig & { $schema?: string }
  return {
    ...rest,
    site: withBrandDefaults(rest.site),
    texts: Object.fromEntries(shellTextGroups.map((group) => [group, texts[group]])) as SiteShell['texts'],
    routes: routes.map(routeSummaryOf),
  }
}

function loaders(config: SiteConfig) {
  return config.routes.map((route) => `  ${JSON.stringify(route.path)}: () => import(${JSON.stringify(pageModuleId(route.path))}),`)
}
