import { spawn } from 'node:child_process'
import path from 'node:path'
import { root } from './paths.ts'

/**
 * The programs of the system that tests and commands run, each installed with apt when missing by
 * its scripts/ensure-<name>.sh: Debian's Chromium (browser tests), nginx (in front of the server)
 * and redis-server (the queue, versions and sign-in state shared by several instances).
 */
export type SystemPackage = 'chromium' | 'nginx' | 'redis'

/** Room for Chromium's download (about 100 MB with its libraries) after another test file's install. */
export const SYSTEM_PACKAGE_INSTALL_MS = 20 * 60_000

/** Installs each package when missing (a moment when it is there); throws when one could not be installed. */
export async function ensureSystemPackages(...packages: SystemPackage[]): Promise<void> {
  for (const name of packages) {
    const script = path.join(root, 'scripts', `ensure-${name}.sh`)
    // Inherited output: apt's progress and errors reach the person waiting.
    const code = await new Promise<number | null>((resolve, reject) => spawn('bash', [script], { stdio: 'inherit' }).once('error', reject).once('exit', resolve))
    if (code !== 0) throw new Error(`${name} is missing and could not be installed: scripts/ensure-${name}.sh exited with ${code} (it runs apt-get as root or through sudo).`)
  }
}
