import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { distDir, editorBuildDir, root } from './paths.ts'
import { chosenSite } from './site-folder.ts'

/** Everything of the project the built site and the compiled server are made from; a change to any of it makes the build stale. */
const projectInputs = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'schemas',
  'site',
  'kit',
  'blocks',
  'runtime',
  'authoring',
  'content',
  'editor',
  'publish',
  'server',
  'scripts/build.ts',
  'scripts/lib',
]
const stampFile = path.join(distDir, '.build-stamp')

/** The files under `entry` (a file or a folder) as paths relative to `base`, in a stable order. */
function* filesUnder(base: string, entry: string): Generator<string> {
  const full = path.join(base, entry)
  if (!fs.existsSync(full)) return
  if (fs.statSync(full).isFile()) return yield entry
  for (const child of fs.readdirSync(full).sort()) {
    if (child === 'node_modules' || child.endsWith('.test.ts') || child.endsWith('.test.tsx')) continue
    yield* filesUnder(base, path.join(entry, child))
  }
}

/**
 * A hash of the build inputs' contents (not mtimes: a fresh clone has new mtimes everywhere): the
 * project's, and the chosen site's config and public/ (scripts/lib/site-folder.ts), so a build of
 * another site is stale for this one and `npm start` rebuilds from the site it is given.
 */
export function sourceHash(): string {
  const hash = crypto.createHash('sha256')
  const site = chosenSite()
  const inputs = [
    ...projectInputs.flatMap((entry) => [...filesUnder(root, entry)]).map((file) => ({ label: file, file: path.join(root, file) })),
    { label: 'site config', file: site.configFile },
    ...[...filesUnder(site.publicDir, '.')].map((file) => ({ label: path.join('site public', file), file: path.join(site.publicDir, file) })),
  ]
  for (const { label, file } of inputs) {
    hash
      .update(label)
      .update('\0')
      .update(fs.existsSync(file) ? fs.readFileSync(file) : '')
      .update('\0')
  }
  return hash.digest('hex')
}

export function writeBuildStamp(hash: string): void {
  fs.writeFileSync(stampFile, hash + '\n')
}

/** The build's outputs beside dist/ (which holds the stamp): one gone means the build is not whole. */
const otherOutputs = [path.join(editorBuildDir, 'index.html')]

export function isBuildFresh(): boolean {
  return fs.existsSync(stampFile) && otherOutputs.every((file) => fs.existsSync(file)) && fs.readFileSync(stampFile, 'utf8').trim() === sourceHash()
}
