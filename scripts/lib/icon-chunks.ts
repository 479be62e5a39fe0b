import fs from 'node:fs'
import path from 'node:path'
import { root } from './paths.ts'

const loadersFile = path.join(root, 'kit', 'icon-loaders.ts')
// One entry per line, its key quoted or not (Prettier leaves identifiers like cloud unquoted).
const entry = /^ {2}'?([\w-]+)'?: \(\) => import\('(@tabler\/icons-react\/dist\/esm\/icons\/\w+\.mjs)'\),$/gm

/**
 * Each config icon's module as the build manifest names it (node_modules/@tabler/…/IconX.mjs),
 * read from the loader table in kit/icon-loaders.ts, so the build can preload a page's icons.
 */
export function iconModules(source = fs.readFileSync(loadersFile, 'utf8')): Map<string, string> {
  return new Map([...source.matchAll(entry)].map(([, name, module]) => [name!, `node_modules/${module}`]))
}
