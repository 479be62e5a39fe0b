/**
 * Which site a command works on. A site is a folder: its site.config.json and its public/ (the
 * pictures, favicon and logo its pages name, and the only files of it a build ships). `SITE_DIR`
 * names that folder for every command (dev, validate, build, start, new-page, preview:diff);
 * without it the site is the project itself. `SITE_CONFIG` (or a command's path argument) names
 * another config file instead, e.g. a copy to experiment with: its pictures are then those of the
 * public/ beside it or in a folder above it inside the project, else the site folder's.
 *
 * Runs on Node's own type stripping (npm run validate imports it): erasable TypeScript only.
 */
import fs from 'node:fs'
import path from 'node:path'
import { startingFolder } from '../../authoring/config/config-file.ts'
import { root } from '../../authoring/project-paths.ts'

export const configFileName = 'site.config.json'

export interface Site {
  /** The site's folder (SITE_DIR, else the project). */
  dir: string
  /** The config the command reads: the folder's site.config.json unless SITE_CONFIG or an argument names another file. */
  configFile: string
  /** The public/ folder the checker looks pictures up in and the build ships. */
  publicDir: string
}

const isInside = (dir: string, parent: string) => dir === parent || dir.startsWith(parent + path.sep)

/** The public/ beside a config file named on its own, or in a folder above it inside the project; else the site's. */
function publicDirOf(configFile: string, siteDir: string): string {
  for (let dir = path.dirname(configFile); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'public')
    if (fs.existsSync(candidate)) return candidate
    if (dir === root || !isInside(dir, root)) break
  }
  return path.join(siteDir, 'public')
}

/**
 * The site of this command: `configArg` (a path the person gave the command) wins over
 * SITE_CONFIG, which wins over SITE_DIR's site.config.json. Relative paths are relative to where the
 * command was typed, as every path a person gives is.
 */
export function chosenSite(configArg?: string, env: NodeJS.ProcessEnv = process.env): Site {
  const base = startingFolder()
  const dir = env.SITE_DIR ? path.resolve(base, env.SITE_DIR) : root
  const own = path.join(dir, configFileName)
  const named = configArg ?? env.SITE_CONFIG
  const configFile = named ? path.resolve(base, named) : own
  return { dir, configFile, publicDir: configFile === own ? path.join(dir, 'public') : publicDirOf(configFile, dir) }
}

/**
 * Writes the site into the environment as absolute paths, so what this process starts (Vite's
 * config, `npm run build` under `npm start`, the checker run by new-page) works on the same site
 * from whatever folder it runs in.
 */
export function pinSite(site: Site): void {
  process.env.SITE_DIR = site.dir
  if (site.configFile === path.join(site.dir, configFileName)) delete process.env.SITE_CONFIG
  else process.env.SITE_CONFIG = site.configFile
}
