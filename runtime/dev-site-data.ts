import siteData, { languageSiteData, pageLoaders } from 'virtual:site-data'
import { provideSiteData, type SiteData } from '../kit/config'
import { loadShellIcons } from '../kit/ShellIcon'

type PageLoaders = typeof pageLoaders

/** The SiteData of the language whose pages the address is under (/bn/…), as a built page carries its own language's. */
function ofThisPage(data: SiteData, byPrefix: Record<string, SiteData> | undefined): SiteData {
  const prefix = `/${location.pathname.split('/')[1] ?? ''}`.toLowerCase()
  return byPrefix?.[prefix] ?? data
}

async function provide(data: SiteData, loaders: PageLoaders) {
  await loadShellIcons(data.shellIcons)
  provideSiteData(data, async (path) => {
    const load = loaders[path]
    if (!load) throw new Error(`No content for ${path}`)
    return (await load()).default
  })
}

/**
 * `npm run dev`: the config from the dev server's modules (scripts/lib/vite-site-config.ts), every
 * block's words and the forms at once. A saved site.config.json provides them again, and the page
 * re-renders in place (kit/config.ts onConfigChange) instead of reloading.
 */
export async function provideDevSiteData(): Promise<void> {
  await provide(ofThisPage(siteData, languageSiteData), pageLoaders)
}

if (import.meta.hot) {
  import.meta.hot.accept('virtual:site-data', (next) => {
    if (next) void provide(ofThisPage(next.default as SiteData, next.languageSiteData as Record<string, SiteData> | undefined), next.pageLoaders as PageLoaders)
  })
}
