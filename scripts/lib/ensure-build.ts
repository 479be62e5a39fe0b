import { spawnSync } from 'node:child_process'
import { isBuildFresh } from './build-stamp.ts'
import { root } from './paths.ts'
import { chosenSite, pinSite } from './site-folder.ts'

/** Builds the site when dist/ is missing or older than its sources, so `npm start` always serves the current config. */
export function ensureBuild(log: (message: string) => void): void {
  // The build below runs from the project folder: it must build the site this command was given.
  pinSite(chosenSite())
  if (isBuildFresh()) return
  log('the build (dist/, build/server/, build/editor/) is missing or stale; building first…')
  const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    log('The build failed; fix the problems listed above, then run the command again.')
    process.exit(result.status ?? 1)
  }
}
