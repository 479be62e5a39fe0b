/**
 * Where a config uses each picture. No Node here: the library screen lists the uses in the
 * unsaved config with this, and the server checks the same before it deletes a file.
 */

/** A place in the config, as keys and indexes: ['routes', 3, 'blocks', 0, 'logos', 2, 'src']. */
type ConfigPath = (string | number)[]

export interface ImageUse {
  /** The place of the picture's path in the config. */
  path: ConfigPath
  /** The place as an author reads it: "Home (/) › block 3 (logoStrip)", "Site settings › logo". */
  where: string
}

/** How the screen names a block type; the server's words use the type itself. */
type BlockName = (type: string) => string

const imagesPrefix = '/images/'

/** Each picture path the config names (any string value under /images/), with every place it is named at. */
export function imageUses(config: unknown, blockName: BlockName = (type) => type): Map<string, ImageUse[]> {
  const uses = new Map<string, ImageUse[]>()
  const visit = (value: unknown, path: ConfigPath) => {
    if (typeof value === 'string') {
      if (value.startsWith(imagesPrefix)) uses.set(value, [...(uses.get(value) ?? []), { path, where: describePlace(config, path, blockName) }])
    } else if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]))
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, [...path, key])
  }
  visit(config, [])
  return uses
}

interface RouteLike {
  path?: unknown
  title?: unknown
  blocks?: { type?: unknown }[]
}

function describePlace(config: unknown, path: ConfigPath, blockName: BlockName): string {
  const [section, index, part, blockIndex] = path
  if (section === 'site')
    return `Site settings › ${path
      .slice(1)
      .filter((key) => typeof key === 'string' && key !== 'src')
      .join(' › ')}`
  if (section === 'routes' && typeof index === 'number') {
    const route = ((config as { routes?: RouteLike[] }).routes ?? [])[index] ?? {}
    const page = `${String(route.title)} (${String(route.path)})`
    if (part !== 'blocks' || typeof blockIndex !== 'number') return page
    const type = route.blocks?.[blockIndex]?.type
    return `${page} › block ${blockIndex + 1} (${blockName(String(type))})`
  }
  return path.filter((key) => typeof key === 'string' && key !== 'src').join(' › ')
}

/** Where the config the site is built from uses the picture: the saved file, or the published version. */
interface SavedUses {
  label: string
  uses: ImageUse[]
  published: boolean
}

/**
 * The refusal of a delete while a config names the picture: the places in the unsaved config
 * (change them first), and those only the saved file still has (save first). Null when unused.
 */
export function inUseRefusal(src: string, unsaved: ImageUse[], saved: SavedUses): string | null {
  const shown = [...new Set(unsaved.map((use) => use.where))]
  const savedOnly = [...new Set(saved.uses.map((use) => use.where))].filter((where) => !shown.includes(where))
  if (shown.length === 0 && savedOnly.length === 0) return null
  const sentences = [`${src} is in use, so it was not deleted.`]
  if (shown.length > 0) sentences.push(`It is shown at ${shown.join('; ')}: choose another picture there first.`)
  if (savedOnly.length > 0)
    sentences.push(
      saved.published
        ? `The published version still uses it at ${savedOnly.join('; ')}: publish your change first.`
        : `The saved ${saved.label} still uses it at ${savedOnly.join('; ')}: save your change first.`,
    )
  return sentences.join(' ')
}
