/**
 * Dependencies for a temporary source tree: the project's own node_modules when the tree's
 * package-lock.json is the project's, else a fresh `npm ci` in the tree (a change of dependencies).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PreviewError } from './preview-error.ts'

const lockOf = (folder: string) => {
  const file = path.join(folder, 'package-lock.json')
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined
}

// Written by the builds (the SSR bundle, compiled validators, transpiled configs): each tree has its own.
const caches = ['.cache', '.vite', '.vite-temp']

/** How a tree got its dependencies: a tree with `shared` ones must not build beside another (they share node_modules/.cache/site-ssr). */
export type Dependencies = 'own' | 'shared'

/**
 * The project's node_modules in the tree as hard links (about a second, no space), so each build
 * writes its caches (the SSR bundle among them) into its own node_modules, and Vite, which names
 * modules by their real path, sees the packages inside the tree as in a normal build. Where hard
 * links cannot be made (another file system), a symbolic link: the pages then lack their icon
 * preloads, a difference the HTML comparison ignores (it ignores the preload list).
 */
function linkNodeModules(projectModules: string, folder: string, log: (line: string) => void): Dependencies {
  const target = path.join(folder, 'node_modules')
  const copy = spawnSync('cp', ['-al', projectModules, target], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' })
  if (copy.status === 0) {
    for (const cache of caches) fs.rmSync(path.join(target, cache), { recursive: true, force: true })
    return 'own'
  }
  removeEntry(target)
  fs.symlinkSync(projectModules, target, 'dir')
  log(`node_modules is a symbolic link in ${folder} (no hard links: ${copy.stderr.split('\n')[0] || 'cp -al failed'}).`)
  return 'shared'
}

/** Removes a link itself, never what it points to; a folder with its contents. */
function removeEntry(entry: string): void {
  const stat = fs.lstatSync(entry, { throwIfNoEntry: false })
  if (stat?.isSymbolicLink() || stat?.isFile()) fs.unlinkSync(entry)
  else if (stat) fs.rmSync(entry, { recursive: true, force: true })
}

/** Once the tree is built: its tens of thousands of links, removed in the background. */
export async function removeNodeModules(folder: string): Promise<void> {
  const entry = path.join(folder, 'node_modules')
  const stat = await fs.promises.lstat(entry).catch(() => undefined)
  if (stat?.isSymbolicLink()) await fs.promises.unlink(entry)
  else if (stat) await fs.promises.rm(entry, { recursive: true, force: true })
}

export function provideNodeModules(project: string, folder: string, label: string, log: (line: string) => void): Dependencies {
  // A node_modules the tree brought along (a committed or untracked link to some install) is not its dependencies.
  removeEntry(path.join(folder, 'node_modules'))
  const lock = lockOf(folder)
  if (lock !== undefined && lock === lockOf(project)) {
    if (!fs.existsSync(path.join(project, 'node_modules'))) throw new PreviewError('the project has no node_modules: run npm ci first')
    return linkNodeModules(fs.realpathSync(path.join(project, 'node_modules')), folder, log)
  }
  log(`The ${label}'s package-lock.json differs from the working tree's: running npm ci in its temporary folder…`)
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: folder,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  })
  if (install.status !== 0) throw new PreviewError(`npm ci failed in the ${label}'s temporary folder`, `${install.stdout ?? ''}${install.stderr ?? ''}`)
  return 'own'
}
