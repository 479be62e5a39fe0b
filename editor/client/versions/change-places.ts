import type { SiteConfig } from '../../../site/generated/site-config'
import type { BlockChange, FieldChange, PageChange, SitePartChange } from '../../../site/version-changes'
import type { JsonPath } from '../state/json-path'

type PlaceOf = (path: JsonPath, config: SiteConfig) => string[]

/**
 * Where a changed value is, in the screens' words, without the page's own name (the history or
 * the heading above says which page): named by problemPlace over just enough of a config, the
 * page's settings and the one block the server sent along with the change.
 */
const onPage = (placeOf: PlaceOf, change: PageChange, path: JsonPath, block?: BlockChange) => {
  const blocks: unknown[] = []
  if (block) blocks[block.index] = block.block
  return placeOf(['routes', 0, ...path], { routes: [{ ...change.page, blocks }] } as unknown as SiteConfig).slice(1)
}

/** A page's own setting: "Title". */
export const pageFieldPlace = (placeOf: PlaceOf, change: PageChange, field: FieldChange) => onPage(placeOf, change, field.path)

/** A block, or a field in it: "1. Hero carousel", "1. Hero carousel › Slide 1 › Title". */
export const blockPlace = (placeOf: PlaceOf, change: PageChange, block: BlockChange, field?: FieldChange) =>
  onPage(placeOf, change, ['blocks', block.index, ...(field?.path ?? [])], block)

/** A part of the site, or a field in it: "Header menu", "Company › Phone", "Theme › Primary color". */
export const sitePlace = (placeOf: PlaceOf, part: SitePartChange, field?: FieldChange) =>
  placeOf(field?.path ?? part.path, part.path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), part.value) as SiteConfig)
