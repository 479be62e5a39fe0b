import { describe, expect, it } from 'vitest'
import type { TeamDraft } from '../../publish/draft-store.ts'
import { fieldKey, type FieldPath } from '../../editor/draft-fields.ts'
import { rebaseDraft } from '../../editor/server/drafts/draft-rebase.ts'

/** Moving a draft's changes onto a newer version (editor/server/drafts/draft-rebase.ts), on small configs. */
const base = {
  site: { name: 'Base', phone: '1' },
  routes: [
    {
      path: '/',
      blocks: [
        { type: 'hero', heading: 'One' },
        { type: 'text', heading: 'Two' },
      ],
    },
  ],
}

function draftOf(config: unknown, changed: FieldPath[]): TeamDraft {
  const stamp = { revision: 1, by: 'ben', at: '2030-01-01T00:00:00.000Z' }
  return {
    ...{ id: 'AAAAAAAAAAAAAAAA', name: 'd', author: 'ben', createdAt: '', updatedAt: '', updatedBy: 'ben', base: 'v1', revision: 1, changes: [] },
    config,
    fields: Object.fromEntries(changed.map((path) => [fieldKey(path), stamp])),
  }
}

describe('rebaseDraft', () => {
  it('skips a field of a block the published version moved, and writes the rest', () => {
    const draft = draftOf(
      { ...base, site: { ...base.site, name: 'Drafted' }, routes: [{ path: '/', blocks: [base.routes[0]!.blocks[0], { type: 'text', heading: 'Two, drafted' }] }] },
      [
        ['site', 'name'],
        ['routes', 0, 'blocks', 1, 'heading'],
      ],
    )
    const moved = { ...base, routes: [{ path: '/', blocks: [base.routes[0]!.blocks[1], base.routes[0]!.blocks[0]] }] }
    const rebased = rebaseDraft(draft, base, { version: 'v2', config: moved })
    expect(rebased.skipped).toEqual([['routes', 0, 'blocks', 1, 'heading']])
    expect(rebased.draft.config).toEqual({ ...moved, site: { ...base.site, name: 'Drafted' } })
    expect(Object.keys(rebased.draft.fields)).toEqual([fieldKey(['site', 'name'])])
  })

  it('without the base version, names every field whose published value differs from the draft’s as a clash, keeping the draft’s', () => {
    const draft = draftOf({ ...base, site: { name: 'Drafted', phone: '2' } }, [
      ['site', 'name'],
      ['site', 'phone'],
    ])
    const published = { ...base, site: { name: 'Published', phone: '2' } }
    const rebased = rebaseDraft(draft, undefined, { version: 'v3', config: published })
    expect(rebased.clashes).toEqual([['site', 'name']])
    expect(rebased.draft).toMatchObject({ base: 'v3', revision: 2, config: { site: { name: 'Drafted', phone: '2' } } })
  })

  it('keeps a removal the draft made, and a field inside a list the draft wrote whole comes with that list', () => {
    const { phone: _phone, ...withoutPhone } = base.site
    const blocks = [...base.routes[0]!.blocks, { type: 'cta', heading: 'New' }]
    const draft = draftOf({ site: withoutPhone, routes: [{ path: '/', blocks }] }, [
      ['site', 'phone'],
      ['routes', 0, 'blocks'],
      ['routes', 0, 'blocks', 2, 'heading'],
    ])
    const published = { ...base, site: { ...base.site, name: 'Published' } }
    const rebased = rebaseDraft(draft, base, { version: 'v2', config: published })
    expect(rebased).toMatchObject({ clashes: [], skipped: [] })
    expect(rebased.draft.config).toEqual({ site: { name: 'Published' }, routes: [{ path: '/', blocks }] })
  })
})
