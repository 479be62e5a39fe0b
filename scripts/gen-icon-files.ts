/**
 * What `npm run gen:types` writes from the icon table (kit/icons.ts), the one place an icon is
 * listed: the schema of an icon's name (its enum and each name's meaning) and the loader table that
 * fetches each icon as a chunk of its own.
 */
import fs from 'node:fs'
import path from 'node:path'
import { iconTable } from '../kit/icons.ts'
import { root } from './lib/paths.ts'

/** schemas/defs/icon.schema.json: the names the config may use, with their meanings for the editor and docs/icons.md. */
export function iconSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'IconName',
    description:
      "Name of an icon from the site's icon set (Tabler icons). docs/icons.md shows every icon with its name. Developers: this file is generated from kit/icons.ts, where each icon is listed once with its Tabler component and its meaning; to add one, add its line there and run `npm run gen:types && npm run docs:icons`.",
    type: 'string',
    // The visual editor shows an icon picker for it (editor/client/form/widget-choice.ts).
    'x-editor': 'icon',
    enum: Object.keys(iconTable),
    enumDescriptions: Object.values(iconTable).map((entry) => entry.meaning),
  }
}

/**
 * Each Tabler icon has a module of its own, named after the component (IconShieldLock →
 * dist/esm/icons/IconShieldLock.mjs, whose component's displayName is "ShieldLock"); importing it
 * alone makes the icon a chunk of its own instead of pulling in the package's index.
 */
function moduleOf(name: string, displayName: string | undefined): string {
  const module = `@tabler/icons-react/dist/esm/icons/Icon${displayName}.mjs`
  if (!displayName || !fs.existsSync(path.join(root, 'node_modules', module))) throw new Error(`kit/icons.ts: no module of its own for the icon "${name}" (looked for ${module})`)
  return module
}

const keyOf = (name: string) => (/^[a-z_$][\w$]*$/i.test(name) ? name : `'${name}'`)

/** kit/icon-loaders.ts: one dynamic import per icon, one per line in the form the build reads (scripts/lib/icon-chunks.ts). */
export function iconLoadersModule(banner: string): string {
  const entries = Object.entries(iconTable).map(([name, { component }]) => `  ${keyOf(name)}: () => import('${moduleOf(name, component.displayName)}'),`)
  return [
    banner,
    '// The icons the config may name (kit/icons.ts), each a chunk of its own loaded on demand, so a',
    '// page downloads the few it shows instead of the whole set. The build reads this table, one',
    "// entry per line, to preload each page's icons (scripts/lib/icon-chunks.ts).",
    "import type { Icon } from '@tabler/icons-react'",
    "import type { IconName } from '../site/generated/site-config'",
    '',
    'export const iconLoaders: Record<IconName, () => Promise<{ default: Icon }>> = {',
    ...entries,
    '}',
    '',
  ].join('\n')
}
