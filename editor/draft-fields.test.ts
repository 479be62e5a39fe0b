import { describe, expect, it } from 'vitest'
import { applyFieldWrites, fieldLabel, fieldWritesBetween, isFieldPath, rebaseEdits } from './draft-fields.ts'

const config = {
  site: { name: 'Eastbridge', phone: '1' },
  routes: [
    { path: '/', title: 'Home', blocks: [{ type: 'hero', heading: 'Hi' }] },
    { path: '/about', title: 'About', blocks: [] as unknown[] },
  ],
}

describe('a draft’s fields', () => {
  it('are the values an edit changed, a list of another length as one field, a removed key as removed', () => {
    const edited = { ...config, site: { name: 'Eastbridge Ltd' }, routes: [config.routes[0]!, { ...config.routes[1]!, blocks: [{ type: 'text' }] }] }
    expect(fieldWritesBetween(config, edited)).toEqual([
      { path: ['site', 'phone'], removed: true },
      { path: ['site', 'name'], value: 'Eastbridge Ltd' },
      { path: ['routes', 1, 'blocks'], value: [{ type: 'text' }] },
    ])
    expect(applyFieldWrites(config, fieldWritesBetween(config, edited)).config).toEqual(edited)
  })

  it('written onto another person’s newer draft keep both people’s changes to different fields', () => {
    const mine = { ...config, routes: [{ ...config.routes[0]!, title: 'Home (mine)' }, config.routes[1]!] }
    const theirs = { ...config, site: { ...config.site, name: 'Theirs' } }
    const merged = rebaseEdits(config, mine, theirs)
    expect(merged.site.name).toBe('Theirs')
    expect(merged.routes[0]!.title).toBe('Home (mine)')
    expect(rebaseEdits(config, config, theirs)).toBe(theirs)
  })

  it('leave out a write whose place is gone, and never write onto a prototype', () => {
    const { config: written, skipped } = applyFieldWrites(config, [
      { path: ['routes', 5, 'title'], value: 'nowhere' },
      { path: ['routes', 0, 'title'], value: 'Home!' },
    ])
    expect(skipped).toEqual([['routes', 5, 'title']])
    expect(written.routes[0]!.title).toBe('Home!')
    expect(config.routes[0]!.title).toBe('Home')
    for (const path of [['__proto__', 'polluted'], ['site', 'constructor'], [], ['routes', -1], ['routes', 1.5]]) expect(isFieldPath(path)).toBe(false)
  })

  it('are named as a person finds them', () => {
    expect(fieldLabel(config, ['routes', 0, 'blocks', 0, 'heading'])).toBe('/ › block 1 (hero) › heading')
    expect(fieldLabel(config, ['routes', 1, 'title'])).toBe('/about › title')
    expect(fieldLabel(config, ['site', 'name'])).toBe('site › name')
  })
})
