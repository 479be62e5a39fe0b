import fs from 'node:fs'
import path from 'node:path'
import type { Manifest } from './manifest.ts'

/**
 * What the code build (`npm run build`, Vite) leaves in its render folder (build/render/) for every
 * later content build: the prerender bundle, self-contained so it runs on a production install;
 * the page template and the client manifest before any page was written over them; which module
 * holds each icon; and which files of the site folder the code build made (the scripts, styles and
 * the site's own public files), which every version of the site shares.
 */
const renderFiles = {
  prerender: 'entry-server.js',
  template: 'template.html',
  manifest: 'manifest.json',
  iconModules: 'icon-modules.json',
  codeFiles: 'code-files.json',
} as const

export interface CodeBuild {
  /** Absolute path of the prerender bundle, to import. */
  prerender: string
  template: string
  manifest: Manifest
  /** Icon name → its module as the manifest names it. */
  iconModules: Map<string, string>
  /** Paths relative to the code build's site folder, "/"-separated. */
  codeFiles: string[]
}

export function readCodeBuild(renderDir: string): CodeBuild {
  const file = (name: string) => path.join(renderDir, name)
  if (!fs.existsSync(file(renderFiles.prerender))) throw new Error(`${renderDir} holds no code build (no ${renderFiles.prerender}): run \`npm run build\` first.`)
  const json = <T>(name: string) => JSON.parse(fs.readFileSync(file(name), 'utf8')) as T
  return {
    prerender: file(renderFiles.prerender),
    template: fs.readFileSync(file(renderFiles.template), 'utf8'),
    manifest: json<Manifest>(renderFiles.manifest),
    iconModules: new Map(Object.entries(json<Record<string, string>>(renderFiles.iconModules))),
    codeFiles: json<string[]>(renderFiles.codeFiles),
  }
}

/** Writes the render folder's description files (the prerender bundle is Vite's own output there). */
export function writeCodeBuild(renderDir: string, parts: { template: string; manifest: Manifest; iconModules: Map<string, string>; codeFiles: string[] }): void {
  fs.mkdirSync(renderDir, { recursive: true })
  fs.writeFileSync(path.join(renderDir, renderFiles.template), parts.template)
  fs.writeFileSync(path.join(renderDir, renderFiles.manifest), JSON.stringify(parts.manifest))
  fs.writeFileSync(path.join(renderDir, renderFiles.iconModules), JSON.stringify(Object.fromEntries(parts.iconModules)))
  fs.writeFileSync(path.join(renderDir, renderFiles.codeFiles), JSON.stringify(parts.codeFiles))
}

/** Every file under `dir`, relative and "/"-separated, in a stable order. */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}
