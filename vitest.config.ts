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
        test: {
          name: 'node',
          environment: 'node',
          // Server tests publish, check in a thread and build for real: on two busy cores, with two
          // files at a time, one can take longer than vitest's 5 s without anything being wrong.
          testTimeout: 20_000,
          include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'editor/**/*.test.ts'],
          setupFiles: ['tests/helpers/site-data-setup.ts'],
        },
      },
      {
        // Needs `npm run build` first (npm test runs it after the browser tests): the compiled
        // server, a production install, nginx in front. One file at a time: several of them time
        // what a user waits for (instances switching to a published version within 5 s), which
        // a production install or a build running beside them on the same two cores would skew.
        extends: true,
        test: {
          name: 'deploy',
          environment: 'node',
          include: ['tests/deploy/**/*.test.ts'],
          // One production install per run, for the test files that need one (made on first use).
          globalSetup: ['tests/deploy/support/production-install-folder.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['blocks/**/*.test.tsx', 'kit/**/*.test.tsx', 'runtime/**/*.test.tsx', 'tests/unit/**/*.test.tsx', 'editor/**/*.test.tsx'],
          setupFiles: ['tests/helpers/site-data-setup.ts', 'tests/helpers/dom-setup.ts'],
        },
      },
    ],
  },
})
