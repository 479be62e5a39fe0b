import react from '@vitejs/plugin-react'
import { siteConfigModules } from './scripts/lib/vite-site-config.ts'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react(), siteConfigModules()],
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['blocks/**/*.test.tsx', 'runtime/**/*.test.tsx', 'tests/unit/**/*.test.tsx'],
          setupFiles: ['tests/helpers/dom-setup.ts'],
        },
      },
    ],
  },
})
