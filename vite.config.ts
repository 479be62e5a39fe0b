import react from '@vitejs/plugin-react'
import { siteConfigModules } from './scripts/lib/vite-site-config.ts'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), siteConfigModules()],
  resolve: {
    alias: [
      // TanStack Store imports the shim of useSyncExternalStoreWithSelector, which carries its own
      // useSyncExternalStore for React < 18; React 19 has it built in, which the non-shim uses.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  build: {
    // The prerender reads the manifest to link each page's block chunks and their CSS.
    manifest: true,
    target: 'es2022',
    // Every browser the site supports (ES2022) preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk, the entry itself: left to itself,
        // Rolldown puts React's core, which the block chunks import too, in a chunk of its own,
        // and two files compress worse than one (1 KB brotli more on every page).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
})
