import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFolderDraftStore } from '../../publish/folder-draft-store.ts'
import { draftStoreContract, newDraft } from './support/draft-store-contract.ts'

let parent: string
let dir: string
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'drafts-folder-'))
  dir = join(parent, 'content', 'drafts')
})
afterEach(async () => {
  await rm(parent, { recursive: true, force: true })
})

describe('the folder draft store (CONTENT_DIR/drafts)', () => {
  draftStoreContract(() => createFolderDraftStore({ dir }))

  it('keeps one file per draft and no temporary file behind', async () => {
    const drafts = createFolderDraftStore({ dir })
    const draft = newDraft()
    await drafts.create(draft, 10)
    await drafts.update(draft.id, (now) => ({ ...now, revision: 1 }))
    expect((await readdir(dir)).filter((name) => !name.startsWith('.drafts.lock'))).toEqual([`${draft.id}.json`])
  })
})
