import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one production install is made (by the first test file that asks for it). */
    productionInstallFolder: string
  }
}

/**
 * The deploy tests' global setup: a folder for one production install per run, shared by every
 * test file that needs it (support/production-install.ts makes it on first use, so a run of
 * other deploy tests costs nothing), removed when the run ends.
 */
export default function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'site-production-install-'))
  project.provide('productionInstallFolder', folder)
  return () => rmSync(folder, { recursive: true, force: true })
}
