import { afterEach, expect, it } from 'vitest'
import { mergeSave } from '../../../editor/server/drafts/draft-merge.ts'
import { DraftLimitReached, newDraftId, type DraftStore, type TeamDraft } from '../../../publish/draft-store.ts'

/** A draft as the API makes one, started by `author` from version v1. */
export function newDraft(author = 'asha', name = 'Spring prices', at = '2026-03-01T09:00:00.000Z'): TeamDraft {
  return {
    id: newDraftId(),
    name,
    author,
    createdAt: at,
    updatedAt: at,
    updatedBy: author,
    base: 'v1',
    revision: 0,
    changes: [],
    config: { site: { name: 'Eastbridge — “quoted” 🌍' }, routes: [{ path: '/', title: 'Home', blocks: [] }] },
    fields: {},
  }
}

/** Names that would be a path elsewhere or another key: the store treats each as no draft at all. */
const HOSTILE_IDS = ['../drafts', '..%2f..%2fetc', '/etc/passwd', 'a'.repeat(300), '', 'drafts', '*', 'AAAAAAAAAAAAAAA\n']

/**
 * The DraftStore contract, run against each store: `open` gives a store on the same backing
 * (folder or Redis) each time it is called, as two instances of the server would have.
 */
export function draftStoreContract(open: () => DraftStore) {
  const opened: DraftStore[] = []
  const store = () => {
    const made = open()
    opened.push(made)
    return made
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((made) => made.close()))
  })

  it('keeps a draft exactly as given, lists it without its config, and another instance sees it', async () => {
    const [one, two] = [store(), store()]
    expect(await one.list()).toEqual([])
    const draft = newDraft()
    await one.create(draft, 10)
    expect(await two.get(draft.id)).toEqual(draft)
    const [listed] = await two.list()
    expect(listed).toMatchObject({ id: draft.id, name: 'Spring prices', author: 'asha', base: 'v1', revision: 0 })
    expect(listed).not.toHaveProperty('config')
  })

  it('lists the most recently saved draft first', async () => {
    const drafts = store()
    const older = newDraft('asha', 'Older', '2026-03-01T09:00:00.000Z')
    const newer = newDraft('ben', 'Newer', '2026-03-02T09:00:00.000Z')
    await drafts.create(older, 10)
    await drafts.create(newer, 10)
    expect((await drafts.list()).map((draft) => draft.name)).toEqual(['Newer', 'Older'])
    await drafts.update(older.id, (draft) => ({ ...draft, revision: 1, updatedAt: '2026-03-03T09:00:00.000Z' }))
    expect((await drafts.list()).map((draft) => draft.name)).toEqual(['Older', 'Newer'])
  })

  it('refuses a draft past the most allowed, storing nothing, and takes one again after a removal', async () => {
    const drafts = store()
    const first = newDraft()
    await drafts.create(first, 2)
    await drafts.create(newDraft(), 2)
    await expect(drafts.create(newDraft(), 2)).rejects.toThrow(DraftLimitReached)
    expect(await drafts.list()).toHaveLength(2)
    expect(await drafts.remove(first.id)).toBe(true)
    await drafts.create(newDraft(), 2)
    expect(await drafts.list()).toHaveLength(2)
  })

  it('makes every one of many saves racing from two instances, none lost', async () => {
    const [one, two] = [store(), store()]
    const draft = newDraft()
    await one.create(draft, 10)
    const save = (target: DraftStore, index: number) =>
      target.update(
        draft.id,
        (now) => mergeSave(now, { startedFrom: now.revision, writes: [{ path: ['site', `field${index}`], value: index }], by: 'asha', at: draft.createdAt }).draft,
      )
    await Promise.all(Array.from({ length: 12 }, (_, index) => save(index % 2 ? one : two, index)))
    const after = (await one.get(draft.id))!
    expect(after.revision).toBe(12)
    expect(Object.keys((after.config as { site: object }).site)).toHaveLength(13)
  })

  it('changes nothing when the change throws, and answers undefined for a draft that is gone', async () => {
    const drafts = store()
    const draft = newDraft()
    await drafts.create(draft, 10)
    await expect(
      drafts.update(draft.id, () => {
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await drafts.get(draft.id)).toEqual(draft)
    expect(await drafts.remove(draft.id)).toBe(true)
    expect(await drafts.remove(draft.id)).toBe(false)
    expect(await drafts.update(draft.id, (now) => now)).toBeUndefined()
    expect(await drafts.get(draft.id)).toBeUndefined()
  })

  it('treats a hostile id as no draft at all', async () => {
    const drafts = store()
    for (const id of HOSTILE_IDS) {
      expect(await drafts.get(id)).toBeUndefined()
      expect(await drafts.remove(id)).toBe(false)
    }
  })
}
