import { defineConfig, devices } from '@playwright/test'
import os from 'node:os'
import path from 'node:path'

const port = Number(process.env.E2E_PORT ?? 4173)

/** Browser tests in Debian's Chromium against the built site served by the real server. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Installs Debian's Chromium when missing, whichever command or file filter runs the tests.
  globalSetup: './tests/e2e/support/install-chromium.ts',
  timeout: 30_000,
  retries: 0,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Playwright's default is no limit: an action or navigation that can never happen then waits
    // for the whole test's timeout and the failure names no step. A minute covers a busy machine's
    // first Vite compile.
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    // The compiled server, as production runs it (test:e2e builds first).
    command: 'node build/server/main.js',
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      OUTBOX_DIR: path.join(os.tmpdir(), `site-e2e-outbox-${process.pid}`),
      // The browser tests fill forms faster than a person; the spam timing guard has its own tests.
      MIN_SUBMIT_MS: '0',
      RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
})
