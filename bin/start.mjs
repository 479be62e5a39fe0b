#!/usr/bin/env node
/**
 * `npm start` (and `npm run outbox`, `npm run editor:user`, `npm run build:content`, `npm run site:versions`): runs the compiled server, or the command, from build/server/.
 *
 * In production (NODE_ENV=production) it runs what `npm run build` made and nothing else: no
 * build, no TypeScript, no development packages. Anywhere else (a newcomer's `npm ci && npm start`)
 * it first rebuilds the site and the server when their sources changed since the last build.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The operator's commands beside the server (`npm run outbox`, `npm run editor:user`, `npm run build:content`, `npm run site:versions`), by their first argument. */
const COMMANDS = ['outbox', 'editor-user', 'content-build', 'site-versions']
const entry = COMMANDS.includes(process.argv[2]) ? process.argv[2] : 'main'
if (entry !== 'main') process.argv.splice(2, 1)
const compiled = path.join(root, 'build', 'server', `${entry}.js`)

if (process.env.NODE_ENV !== 'production') {
  const check = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'ensure-build.ts')], { cwd: root, stdio: 'inherit' })
  if (check.status !== 0) process.exit(check.status ?? 1)
} else if (!fs.existsSync(compiled)) {
  console.error(
    `${path.relative(process.cwd(), compiled)} is missing: run \`npm run build\` where the development packages are installed, then copy dist/ and build/ here (docs/deploy.md).`,
  )
  process.exit(1)
}
await import(pathToFileURL(compiled).href)
