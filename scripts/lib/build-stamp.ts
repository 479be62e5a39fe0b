import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { distDir, root } from './paths.ts'

/** Everything the built site and the compiled server are made from; a change to any of it makes the build stale. */
const inputs = ['site.config.json', 'index.html', 'vite.config.ts', 'package-lock.json', 'schemas', 'blocks', 'runtime', 'public', 'server', 'scripts/build.ts', 'scripts/lib']
const stampFile = path.join(distDir, '.build-stamp')

function* filesUnder(entry: string): Generator<string> {
  const full = path.join(root, entry)
  if (!fs.existsSync(full)) return
  if (fs.statSync(full).isFile()) return yield entry
  for (const child of fs.readdirSync(full).sort()) {
    if (child === 'node_modules' || child.endsWith('.test.ts') || child.endsWith('.test.tsx')) continue
    yield* filesUnder(path.join(entry, child))
  }
}

/** A hash of the build inputs' contents (not mtimes: a fresh clone has new mtimes everywhere). */
export function sourceHash(): string {
  const hash = crypto.createHash('sha256')
  // A build of another config file (SITE_CONFIG, see scripts/lib/vite-site-config.ts) is a
  // different site: its path is part of the stamp, so `npm start` rebuilds from the real one.
  hash.update(process.env.SITE_CONFIG ? path.resolve(process.env.SITE_CONFIG) + '\0' + fs.readFileSync(process.env.SITE_CONFIG) : '').update('\0')
  for (const file of inputs.flatMap((entry) => [...filesUnder(entry)])) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

export function writeBuildStamp(hash: string): void {
  fs.writeFileSync(stampFile, hash + '\n')
}

export function isBuildFresh(): boolean {
  return fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === sourceHash()
}
