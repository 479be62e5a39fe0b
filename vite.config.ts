import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  build: {
    // The prerender reads the manifest to link each page's block chunks and their CSS.
    manifest: true,
    target: 'es2022',
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
})
