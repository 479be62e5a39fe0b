import react from '@vitejs/plugin-react'
import { siteConfigModules } from './scripts/lib/vite-site-config.ts'
import { siteWebFonts } from './scripts/lib/vite-web-fonts.ts'
import { chosenSite } from './scripts/lib/site-folder.ts'
import { browserAliases } from './scripts/lib/vite-resolve.ts'
import { defineConfig } from 'vite'

const site = chosenSite()

/**
 * The modules a page's React islands (a form) run on and no plain-script part imports: React,
 * Mantine and the other libraries (not Embla, which the carousel's plain script uses, nor the
 * icons, each its own chunk loaded when named), and what hydration renders with. The modules a
 * page names (hydrate-islands, blocks) keep chunks of their own.
 */
const reactIslandModules = (id: string) =>
  // Stylesheets stay with the components that import them, which pages link by what they show.
  id.endsWith('.css')
    ? false
    : /[\\/]node_modules[\\/]/.test(id)
      ? !/[\\/]node_modules[\\/](embla-carousel|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/])/.test(id)
      : /[\\/](kit[\\/](config|lazy-icons|page-path|motion[\\/]use-reveal)|site[\\/](text-template|icon-names|derived-pictures)|runtime[\\/](theme|islands[\\/]IslandRoot))\.tsx?$/.test(
          id,
        )

export default defineConfig({
  plugins: [react(), siteConfigModules(site.configFile), siteWebFonts(site)],
  // The chosen site's own pictures, favicon and logo (SITE_DIR/public/): served in dev, and the only
  // files of a site a build copies, so a second site never ships this one's logos.
  publicDir: site.publicDir,
  resolve: { alias: browserAliases },
  build: {
    // The prerender reads the manifest to link each page's block chunks and their CSS.
    manifest: true,
    target: 'es2022',
    // Every browser the site supports (ES2022) preloads modules itself: no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // A dynamic import (a block, an icon, the menus) waits for the stylesheets it needs, so a page
      // navigated to never shows unstyled, but does not list the scripts it imports: the browser
      // finds those itself. Listing them put about 60 hashed file names into the entry and the
      // chunks every page starts with (0.3-0.8 KB compressed per page); a page's first load is
      // unaffected (the build preloads all its chunks), a client navigation may fetch a block's
      // shared chunks one step later, mostly while the pointer rests on the link.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk, the entry itself: left to itself,
        // Rolldown puts React's core, which the block chunks import too, in a chunk of its own,
        // and two files compress worse than one (1 KB brotli more on every page).
        //
        // What React islands (a form) run on, React, Mantine and the modules only they use, is one
        // chunk too: a form page would otherwise start with about twenty scripts. Plain-script
        // parts (kit/enhancer.ts) and the carousel's Embla stay out of it, so a page without a
        // React island never loads it.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'react-islands', test: reactIslandModules },
          ],
        },
      },
    },
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
})
