import react from '@vitejs/plugin-react'
import { siteConfigModules } from './scripts/lib/vite-site-config.ts'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), siteConfigModules()],
  build: {
    // The prerender reads the manifest to link each page's block chunks and their CSS.
    manifest: true,
    target: 'es2022',
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
})
