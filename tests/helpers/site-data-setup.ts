import fs from 'node:fs'
import { withSchemaDefaults } from '../../authoring/config/config-defaults'
import { provideSiteData } from '../../kit/config'
import { loadShellIcons } from '../../kit/ShellIcon'
import { chosenSite } from '../../scripts/lib/site-folder'
import type { SiteConfig } from '../../site/generated/site-config'
import { pageDataOf, siteDataOf } from '../../site/site-data'

// The runtime's config is handed in (kit/config.ts), as the dev server hands it: the shipped
// site.config.json, every block's words and the forms at once. Before the test file is imported,
// since tests add forms and settings of their own to it when they load.
const config: SiteConfig = withSchemaDefaults(JSON.parse(fs.readFileSync(chosenSite().configFile, 'utf8')))
const data = siteDataOf(config, 'all')
provideSiteData(data, async (path) =>
  pageDataOf(
    config,
    config.routes.find((route) => route.path === path)!,
  ),
)
// Only components draw icons: the node tests (server, scripts) need no React.
if (typeof document !== 'undefined') await loadShellIcons(data.shellIcons)
