import { beforeAll } from 'vitest'
import { ensureSystemPackages, SYSTEM_PACKAGE_INSTALL_MS, type SystemPackage } from '../../scripts/lib/system-packages.ts'

/**
 * For a test file that runs Chromium, nginx or redis-server: installs them before its tests when
 * missing, whichever command runs the file. Call it at the top of the file, before its own hooks
 * (vitest runs a file's beforeAll hooks in the order they were added).
 */
export function needsSystemPackages(...packages: SystemPackage[]): void {
  beforeAll(() => ensureSystemPackages(...packages), SYSTEM_PACKAGE_INSTALL_MS)
}
