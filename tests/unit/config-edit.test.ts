import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { removeJsonValue, replaceJsonValue } from '../../authoring/config/config-edit.ts'
import { writeChanges } from '../../authoring/config/config-changes.ts'
import { root } from '../../scripts/lib/paths.ts'

// A hand-made layout the tools must not undo: one-line items, a one-line list, odd spacing.
const handMade = `{
  "title":   "Home",
  "tags": ["a", "b", "c"],
  "cards": [
    { "icon": "lock", "text": "One" },
    { "icon": "key", "text": "Two" },
    { "icon": "eye", "text": "Three" }
  ],
  "footer": { "note": "kept" }
}
`

/** The lines of `after` that are not in `before`, and back: a line diff without a library. */
function changedLines(before: string, after: string) {
  const old = before.split('\n')
  const now = after.split('\n')
  return { removed: old.filter((line) => !now.includes(line)), added: now.filter((line) => !old.includes(line)) }
}

describe('replaceJsonValue', () => {
  it('replaces a string and leaves every other byte alone', () => {
    const after = replaceJsonValue(handMade, ['cards', 1, 'text'], 'Deux')
    expect(after).toBe(handMade.replace('"text": "Two"', '"text": "Deux"'))
  })

  it('lays a new object out at the indentation of its line', () => {
    const after = replaceJsonValue(handMade, ['footer'], { note: 'new', links: ['/a'] })
    expect(after).toBe(handMade.replace('{ "note": "kept" }', '{\n    "note": "new",\n    "links": [\n      "/a"\n    ]\n  }'))
  })

  it('refuses a path that is not there', () => {
    expect(() => replaceJsonValue(handMade, ['nope'], 1)).toThrow('Nothing at ["nope"] to replace.')
  })
})

describe('removeJsonValue', () => {
  it('removes a middle, first and last item of a multi-line list without touching the others', () => {
    expect(removeJsonValue(handMade, ['cards', 1])).toBe(handMade.replace('    { "icon": "key", "text": "Two" },\n', ''))
    expect(removeJsonValue(handMade, ['cards', 0])).toBe(handMade.replace('    { "icon": "lock", "text": "One" },\n', ''))
    expect(removeJsonValue(handMade, ['cards', 2])).toBe(handMade.replace(',\n    { "icon": "eye", "text": "Three" }', ''))
  })

  it('keeps a one-line list on one line', () => {
    expect(removeJsonValue(handMade, ['tags', 0])).toBe(handMade.replace('["a", "b", "c"]', '["b", "c"]'))
    expect(removeJsonValue(handMade, ['tags', 2])).toBe(handMade.replace('["a", "b", "c"]', '["a", "b"]'))
  })

  it('removes a property with its line', () => {
    expect(removeJsonValue(handMade, ['tags'])).toBe(handMade.replace('  "tags": ["a", "b", "c"],\n', ''))
  })

  it('empties a list whose only item goes', () => {
    expect(removeJsonValue('{ "a": [ 1 ] }', ['a', 0])).toBe('{ "a": [] }')
  })
})

describe('writeChanges', () => {
  const data = () => JSON.parse(handMade) as { title: string; tags: string[]; cards: { icon: string; text: string }[]; footer?: object }

  it('changes nothing when nothing changed', () => {
    expect(writeChanges(handMade, data())).toBe(handMade)
  })

  it('moves an item by moving its own text', () => {
    const next = data()
    next.cards = [next.cards[1]!, next.cards[0]!, next.cards[2]!]
    expect(writeChanges(handMade, next)).toBe(
      handMade.replace('{ "icon": "lock", "text": "One" },\n    { "icon": "key", "text": "Two" }', '{ "icon": "key", "text": "Two" },\n    { "icon": "lock", "text": "One" }'),
    )
  })

  it('duplicates, inserts and removes items touching only their lines', () => {
    const next = data()
    next.cards.splice(1, 0, structuredClone(next.cards[0]!))
    const duplicated = writeChanges(handMade, next)
    expect(changedLines(handMade, duplicated)).toEqual({ removed: [], added: [] }) // the added line equals an existing one
    expect(duplicated.split('\n')).toHaveLength(handMade.split('\n').length + 1)
    next.cards.splice(3, 1)
    delete next.footer
    next.title = 'Start'
    const after = writeChanges(handMade, next)
    expect(changedLines(handMade, after)).toEqual({
      // "Two" is now last in its list and "cards" last in the object: each loses its comma.
      removed: ['  "title":   "Home",', '    { "icon": "key", "text": "Two" },', '    { "icon": "eye", "text": "Three" }', '  ],', '  "footer": { "note": "kept" }'],
      added: ['  "title":   "Start",', '    { "icon": "key", "text": "Two" }', '  ]'],
    })
  })

  it('puts a new property where the new value has it among its neighbours, laid out like them', () => {
    const next = data()
    const withSubtitle = { title: next.title, subtitle: 'Welcome', tags: next.tags, cards: next.cards, footer: next.footer }
    expect(writeChanges(handMade, withSubtitle)).toBe(handMade.replace('  "tags"', '  "subtitle": "Welcome",\n  "tags"'))
    const withFirst = { lead: ['x'], ...next }
    expect(writeChanges(handMade, withFirst)).toBe(handMade.replace('{\n  "title"', '{\n  "lead": [\n    "x"\n  ],\n  "title"'))
  })

  it('writes keys named like what every object inherits ("__proto__", "constructor", "toString") as the new properties they are', () => {
    // As the editor's API receives them: JSON.parse makes each an own property.
    const next = JSON.parse(`{"__proto__": {"admin": true}, "constructor": 1, ${JSON.stringify(data()).slice(1, -1)}, "toString": "x"}`) as object
    const after = writeChanges(handMade, next)
    expect(JSON.stringify(JSON.parse(after))).toBe(JSON.stringify(next))
  })

  it('adds properties to an object whose own are all gone, leaving every other byte of the file alone', () => {
    const compact = '{"a":{"x":1},"b":[1, 2],  "c":{}}'
    expect(writeChanges(compact, { a: { y: 2 }, b: [1, 2], c: { z: [3] } })).toBe('{"a":{\n  "y": 2\n},"b":[1, 2],  "c":{\n  "z": [\n    3\n  ]\n}}')
    expect(writeChanges(handMade, { ...data(), footer: { links: ['/a'] } })).toBe(handMade.replace('{ "note": "kept" }', '{\n    "links": [\n      "/a"\n    ]\n  }'))
  })

  it('finds a moved item by its value in a long list and keeps its own text', () => {
    const items = Array.from({ length: 5000 }, (_, i) => `{ "icon":  "i${i}",   "text": "${i}" }`)
    const text = `{\n  "cards": [\n    ${items.join(',\n    ')}\n  ]\n}\n`
    const next = JSON.parse(text) as { cards: unknown[] }
    next.cards.reverse()
    expect(writeChanges(text, next)).toBe(`{\n  "cards": [\n    ${items.reverse().join(',\n    ')}\n  ]\n}\n`)
  })

  it('saves an edit of the real config as a one-line diff', () => {
    const text = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')
    const config = JSON.parse(text)
    config.routes[3].blocks[0].heading = 'Edited heading'
    const after = writeChanges(text, config)
    const { removed, added } = changedLines(text, after)
    expect(removed).toHaveLength(1)
    expect(added).toEqual([removed[0]!.replace(/"heading": ".*"/, '"heading": "Edited heading"')])
  })
})
