import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import { fitsAsItIs } from '../schema/alternatives'
import type { JsonSchema } from '../schema/json-schema'
import { resolve, schemaFile } from '../schema/schema-refs'
import { dropSpot, movedEntry, movedWords, refusalOf, stepSpot, type Spot, type TreeTop } from './entry-moves'
import { entriesById, treeEntries, type TreeEntry } from './entry-tree'
import type { RowMove } from '../lists/use-moved-row-focus'

type Entry = { label?: string; title?: string; to?: string; items?: Entry[]; links?: Entry[] }

const menuList = resolve(schemaFile('defs/navigation.schema.json')!.properties!.items!)
const columnsList = resolve(schemaFile('defs/footer.schema.json')!.properties!.columns!)
const shippedMenu = siteConfig.navigation.items as Entry[]

const topOf = (items: unknown[], list: JsonSchema = menuList, name = 'items'): TreeTop => ({ entries: treeEntries(items, list, name), list, name })
const everyEntry = (top: TreeTop) => [...entriesById(top.entries).values()]
const named = (top: TreeTop, name: string) => everyEntry(top).find((entry) => entry.name === name)!
/** The tree as its lines read, an entry's own entries in brackets after it. */
const outline = (entries: Entry[]): string[] =>
  entries.map((entry) => {
    const inner = entry.items ?? entry.links
    return `${entry.label ?? entry.title}${inner ? ` [${outline(inner).join(', ')}]` : ''}`
  })

/** The move, as the tree makes it once the spot is allowed; the refusal's words otherwise. */
function move(items: Entry[], entry: TreeEntry, spot: Spot | string, list = menuList, name = 'items'): Entry[] | string {
  if (typeof spot === 'string') return spot
  return refusalOf(entry, spot, topOf(items, list, name)) ?? (movedEntry(items, entry, spot) as Entry[])
}
const step = (items: Entry[], entryName: string, how: RowMove) => {
  const top = topOf(items)
  const entry = named(top, entryName)
  return move(items, entry, stepSpot(entry, how, top))
}
const drop = (items: Entry[], entryName: string, targetName: string, position: 'before' | 'after' | 'inside', list = menuList, name = 'items') => {
  const top = topOf(items, list, name)
  const entry = named(top, entryName)
  return move(items, entry, dropSpot(entry, named(top, targetName), position), list, name)
}

describe('moving an entry of the header menu tree', () => {
  it('steps up and down among its neighbours, under the dropdown above it, and out of it after its parent', () => {
    const up = step(shippedMenu, 'Contact', 'up') as Entry[]
    expect(
      outline(up)
        .slice(3)
        .map((line) => line.split(' [')[0]),
    ).toEqual(['Resources', 'Contact', 'Get Quote', 'Career'])
    const under = step(shippedMenu, 'Get Quote', 'in') as Entry[]
    expect(outline(under)[3]).toBe('Resources [Case Studies, Blog, Gallery, Get Quote]')
    const out = step(under, 'Get Quote', 'out') as Entry[]
    expect(out).toEqual(shippedMenu)
    // Untouched entries are the same objects: the history shares them, and their lines keep their state.
    expect(out[0]).toBe(shippedMenu[0])
  })

  it('says in words why a move the schema does not take is refused, and changes nothing', () => {
    expect(step(shippedMenu, 'Home', 'up')).toBe('Home is already the first.')
    expect(step(shippedMenu, 'About Us', 'in')).toBe('About Us cannot go under Home, which holds no entries.')
    expect(step(shippedMenu, 'Career', 'out')).toBe('Career is already at the top level.')
    // A sub-menu has its own page and links: it is no top entry, and no link of a sub-menu.
    expect(step(shippedMenu, 'Security Solutions', 'out')).toBe('Security Solutions cannot go to the top level: a sub menu does not fit there.')
    expect(drop(shippedMenu, 'Resources', 'Cloud Services', 'after')).toBe('Resources cannot go into Services: a dropdown does not fit there.')
    expect(drop(shippedMenu, 'Services', 'Endpoint Security', 'before')).toBe('Services cannot go into itself.')
    const lonely = [{ label: 'Help', items: [{ label: 'FAQ', to: '/faq' }] }]
    expect(step(lonely, 'FAQ', 'out')).toBe('FAQ is the only entry of Help, which needs one: add another to it first, or remove Help.')
  })

  it('drops before, after and inside an entry where the line showed it', () => {
    expect(outline(drop(shippedMenu, 'Contact', 'Get Quote', 'before') as Entry[]).slice(4)).toEqual(['Contact', 'Get Quote', 'Career'])
    expect(outline(drop(shippedMenu, 'Home', 'Career', 'after') as Entry[]).at(-1)).toBe('Home')
    expect(outline(drop(shippedMenu, 'Career', 'Resources', 'inside') as Entry[])[3]).toBe('Resources [Case Studies, Blog, Gallery, Career]')
    const intoSubMenu = drop(shippedMenu, 'Blog', 'Security Audits', 'after') as Entry[]
    expect(outline(intoSubMenu[2]!.items!.slice(0, 1))[0]).toMatch(/, Security Audits, Blog\]$/)
  })

  it('names the new place for a screen reader', () => {
    const top = topOf(shippedMenu)
    const career = named(top, 'Career')
    expect(movedWords(career, dropSpot(career, named(top, 'Resources'), 'inside'), top)).toBe('Career moved into Resources: position 4 of 4.')
    expect(movedWords(career, stepSpot(career, 'up', top) as Spot, top)).toBe('Career moved at the top level: position 6 of 7.')
  })

  it('keeps the footer’s columns as the schema has them: at most 4, each link in a column', () => {
    const column = (title: string, links = 1) => ({ title, links: Array.from({ length: links }, (_, index) => ({ label: `${title} ${index + 1}`, to: '/' })) })
    const columns = [column('A', 12), column('B'), column('C'), column('D', 2)]
    expect(drop(columns, 'D 1', 'A 3', 'after', columnsList, 'columns')).toBe('D 1 cannot go into A: A holds at most 12 links.')
    expect(drop(columns, 'D 1', 'B', 'after', columnsList, 'columns')).toBe('D 1 cannot go to the top level: a link does not fit there.')
    expect(drop(columns, 'C', 'B 1', 'after', columnsList, 'columns')).toBe('C cannot go into B: a column does not fit there.')
    expect(outline(drop(columns, 'D 1', 'B 1', 'before', columnsList, 'columns') as Entry[])[1]).toBe('B [D 1, B 1]')
  })

  it('loses, copies and breaks nothing over any series of moves, and the moved entry keeps its id', () => {
    const moves = fc.array(fc.record({ entry: fc.nat(), target: fc.nat(), how: fc.constantFrom('before', 'after', 'inside', 'up', 'down', 'in', 'out') }), { maxLength: 25 })
    /** Every entry's own fields, its entries left out: what a move must keep, whatever it changes. */
    const contents = (top: TreeTop) =>
      everyEntry(top)
        .map((entry) => JSON.stringify({ ...(entry.value as Entry), items: undefined, links: undefined }))
        .sort()
    fc.assert(
      fc.property(moves, (series) => {
        let items = structuredClone(shippedMenu)
        const before = contents(topOf(items))
        for (const { entry: which, target: other, how } of series) {
          const top = topOf(items)
          const all = everyEntry(top)
          const entry = all[which % all.length]!
          const spot = ['up', 'down', 'in', 'out'].includes(how)
            ? stepSpot(entry, how as RowMove, top)
            : dropSpot(entry, all[other % all.length]!, how as 'before' | 'after' | 'inside')
          if (typeof spot === 'string' || refusalOf(entry, spot, top)) continue
          items = movedEntry(items, entry, spot) as Entry[]
          const after = topOf(items)
          expect(everyEntry(after).find((moved) => moved.value === entry.value)?.id).toBe(entry.id)
          for (const each of everyEntry(after)) expect(fitsAsItIs(each.list.items ?? {}, each.value)).toBe(true)
          for (const each of everyEntry(after)) if (each.branch) expect(each.entries.length).toBeGreaterThanOrEqual(each.branch.list.minItems ?? 0)
        }
        expect(contents(topOf(items))).toEqual(before)
      }),
      { numRuns: 150 },
    )
  })
})
