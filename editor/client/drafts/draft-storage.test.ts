import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import { dropDraft, findDrafts, keepDraft, type KeptDraft } from './draft-storage'

/** The Storage interface over a Map, refusing writes past `capacity` characters as a full browser storage does. */
function memoryStorage(capacity = Infinity): Storage {
  const items = new Map<string, string>()
  const used = () => [...items].reduce((sum, [key, value]) => sum + key.length + value.length, 0)
  return {
    get length() {
      return items.size
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      const without = used() - (items.has(key) ? key.length + items.get(key)!.length : 0)
      if (without + key.length + value.length > capacity) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      items.set(key, value)
    },
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  }
}

const draft = (version: string, name: string, keptAt = 1): KeptDraft => ({ label: 'site.config.json', version, config: { site: { name } } as unknown as SiteConfig, keptAt })

describe('drafts kept in the browser', () => {
  it('are found by file and version: the same version to restore, earlier ones apart; another file’s not at all', () => {
    const storage = memoryStorage()
    keepDraft(storage, draft('v1', 'old edits'))
    keepDraft(storage, draft('v2', 'edits'))
    keepDraft(storage, { ...draft('v2', 'other file'), label: 'other.json' })
    const found = findDrafts(storage, 'site.config.json', 'v2')
    expect(found.same?.config).toEqual({ site: { name: 'edits' } })
    expect(found.older.map((older) => older.version)).toEqual(['v1'])
  })

  it('are gone once dropped, and a damaged entry is passed over', () => {
    const storage = memoryStorage()
    keepDraft(storage, draft('v2', 'edits'))
    storage.setItem('site-editor-draft:["site.config.json","v3"]', '{not json')
    dropDraft(storage, 'site.config.json', 'v2')
    expect(findDrafts(storage, 'site.config.json', 'v2')).toEqual({ same: null, older: [] })
  })

  it('make room in a full storage by dropping the oldest other drafts, and say when even that is not enough', () => {
    const storage = memoryStorage(400)
    keepDraft(storage, draft('v1', 'oldest', 1))
    keepDraft(storage, draft('v2', 'older', 2))
    expect(keepDraft(storage, draft('v3', 'the edits now', 3))).toBe(true)
    const found = findDrafts(storage, 'site.config.json', 'v3')
    expect(found.same?.config).toEqual({ site: { name: 'the edits now' } })
    expect(found.older.map((older) => older.version)).not.toContain('v1')
    expect(keepDraft(storage, draft('v4', 'x'.repeat(500)))).toBe(false)
  })
})
