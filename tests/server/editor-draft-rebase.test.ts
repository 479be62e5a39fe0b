import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { auditLines, HOST, ORIGIN } from './support/editor-access-app.ts'
import { requestsAs, signInTeam, type Session } from './support/team-sessions.ts'
import { builtEditorStandIn, productionEditorApp } from './support/production-editor-app.ts'

/**
 * Bringing a draft on an older version up to date (POST drafts/<id>/rebase) through the
 * production editor's API behind the real sign-in: someone publishes meanwhile, the draft's
 * changes are moved onto what was published, a field changed on both sides is named, a field
 * whose list changed is skipped and named, and the moved draft publishes with both changes.
 */
let app: Awaited<ReturnType<typeof productionEditorApp>>
let asha: Session
let ben: Session

beforeAll(async () => {
  app = await productionEditorApp(builtEditorStandIn())
  // ben is an editor: he may bring a draft up to date, not publish it.
  ;({ asha, ben } = await signInTeam(app))
}, 60_000)

const { get, post } = requestsAs(
  () => app,
  () => asha,
)

type Draft = { id: string; name: string; base: string; revision: number; changes: string[]; config: SiteConfig }
const live = async () => (await get('/_editor/api/document')).body as { version: string; config: SiteConfig }
const aboutOf = (config: SiteConfig) => config.routes.find((route) => route.path === '/about')!
const about = async () => (await live()).config.routes.findIndex((route) => route.path === '/about')

async function draftWith(writes: unknown[], who: Session = ben): Promise<Draft> {
  const created = await post('/_editor/api/drafts', { name: 'Older draft' }, who)
  expect(created.status).toBe(201)
  const saved = await post(`/_editor/api/drafts/${created.body.draft.id}/save`, { revision: 0, writes }, who)
  expect(saved.status).toBe(200)
  return saved.body.draft as Draft
}

/** Someone publishes the whole config with `edit` made to it. */
async function publishMeanwhile(edit: (config: SiteConfig) => void) {
  const { version, config } = await live()
  edit(config)
  const published = await post('/_editor/api/save', { version, config })
  expect(published.status).toBe(200)
  return published.body.version as string
}

const rebase = (draft: Draft, who: Session = ben) => post(`/_editor/api/drafts/${draft.id}/rebase`, {}, who)

describe('bringing a draft up to date', () => {
  it('moves the draft onto the version published since, keeping both changes; the draft then publishes and schedules', async () => {
    const index = await about()
    const draft = await draftWith([{ path: ['routes', index, 'title'], value: 'About, from the draft' }])
    const current = await publishMeanwhile((config) => void (config.site.name = 'Eastbridge (published meanwhile)'))
    expect((await post(`/_editor/api/drafts/${draft.id}/publish`, {})).status).toBe(409)
    const twoDaysAhead = { date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), time: '09:00' }
    const refused = await post(`/_editor/api/drafts/${draft.id}/schedule`, twoDaysAhead)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('Bring the draft up to date first')

    const rebased = await rebase(draft)
    expect(rebased.status).toBe(200)
    expect(rebased.body).toMatchObject({ clashes: [], skipped: [], problemCount: 0, baseKept: true })
    const moved = rebased.body.draft as Draft
    expect(moved).toMatchObject({ base: current, revision: draft.revision + 1, changes: ['/about'] })
    expect(moved.config.site.name).toBe('Eastbridge (published meanwhile)')
    expect(aboutOf(moved.config).title).toBe('About, from the draft')
    expect(auditLines(app.entries)).toContainEqual(expect.objectContaining({ event: 'draft-rebase', account: 'ben', draft: draft.id, to: current, clashes: '0' }))

    const scheduled = await post(`/_editor/api/drafts/${draft.id}/schedule`, twoDaysAhead)
    expect(scheduled.status, scheduled.body.message).toBe(200)
    await post(`/_editor/api/drafts/${draft.id}/unschedule`, {})
    expect((await post(`/_editor/api/drafts/${draft.id}/publish`, {})).status).toBe(200)
    const site = (await live()).config
    expect(site.site.name).toBe('Eastbridge (published meanwhile)')
    expect(aboutOf(site).title).toBe('About, from the draft')
  })

  it('names a field both sides changed, keeping the draft’s words; the same change on both sides is no clash', async () => {
    const index = await about()
    const draft = await draftWith([
      { path: ['routes', index, 'description'], value: 'The draft’s description of the company.' },
      { path: ['routes', index, 'title'], value: 'About, agreed' },
    ])
    await publishMeanwhile((config) => {
      aboutOf(config).description = 'The published description.'
      aboutOf(config).title = 'About, agreed'
    })
    const rebased = await rebase(draft)
    expect(rebased.status).toBe(200)
    expect(rebased.body.clashes).toEqual(['/about › description'])
    expect(aboutOf((rebased.body.draft as Draft).config).description).toBe('The draft’s description of the company.')
    expect(auditLines(app.entries)).toContainEqual(expect.objectContaining({ event: 'draft-rebase', draft: draft.id, clashes: '1' }))
    await post(`/_editor/api/drafts/${draft.id}/delete`, {})
  })

  it('skips and names a field in a list the published version shortened, keeping the draft’s other changes', async () => {
    const index = await about()
    const draft = await draftWith([
      { path: ['routes', index, 'blocks', 1, 'heading'], value: 'Our story, redrafted' },
      { path: ['routes', index, 'title'], value: 'About, kept' },
    ])
    await publishMeanwhile((config) => void aboutOf(config).blocks.splice(0, 1))
    const rebased = await rebase(draft)
    expect(rebased.status).toBe(200)
    expect(rebased.body.skipped).toEqual(['/about › block 2 (textSection) › heading'])
    const moved = rebased.body.draft as Draft
    expect(aboutOf(moved.config).title).toBe('About, kept')
    // The block now first is the one the draft did not touch: nothing of the draft was written into it.
    expect(JSON.stringify(aboutOf(moved.config).blocks)).not.toContain('Our story, redrafted')
    expect(aboutOf(moved.config).blocks).toEqual(aboutOf((await live()).config).blocks)
    await post(`/_editor/api/drafts/${draft.id}/delete`, {})
  })

  it('keeps a save made while it runs: both the save and the published change are in the draft', async () => {
    const index = await about()
    const draft = await draftWith([{ path: ['routes', index, 'title'], value: 'About, before' }])
    await publishMeanwhile((config) => void (config.site.name = 'Eastbridge (published during the save)'))
    const [rebased, saved] = await Promise.all([
      rebase(draft),
      post(`/_editor/api/drafts/${draft.id}/save`, { revision: draft.revision, writes: [{ path: ['routes', index, 'description'], value: 'Saved while moving.' }] }, asha),
    ])
    expect([rebased.status, saved.status]).toEqual([200, 200])
    const now = (await get(`/_editor/api/drafts/${draft.id}`)).body.draft as Draft
    expect(now.config.site.name).toBe('Eastbridge (published during the save)')
    expect(aboutOf(now.config)).toMatchObject({ title: 'About, before', description: 'Saved while moving.' })
    expect(now.revision).toBe(draft.revision + 2)
    await post(`/_editor/api/drafts/${draft.id}/delete`, {})
  })

  it('leaves a draft already on the current version as it is', async () => {
    const draft = await draftWith([{ path: ['site', 'name'], value: 'Eastbridge (current)' }])
    const answer = await rebase(draft)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ clashes: [], skipped: [], draft: { revision: draft.revision, base: draft.base } })
    await post(`/_editor/api/drafts/${draft.id}/delete`, {})
  })

  it('answers a draft not found with 404, and changes nothing without a session, from another site or without the token', async () => {
    expect((await rebase({ id: 'AAAAAAAAAAAAAAAA' } as Draft)).status).toBe(404)
    expect((await post('/_editor/api/drafts/..%2F..%2Fetc/rebase', {})).status).toBe(404)
    const draft = await draftWith([{ path: ['site', 'name'], value: 'Eastbridge (guarded)' }])
    await publishMeanwhile((config) => void (config.site.shortName = 'Eastbridge (guarded)'))
    expect((await app.http.post(`/_editor/api/drafts/${draft.id}/rebase`).set('Host', HOST).set('Origin', ORIGIN).send({})).status).toBe(401)
    expect((await post(`/_editor/api/drafts/${draft.id}/rebase`, {}, ben, 'https://evil.example')).status).toBe(403)
    expect((await app.http.post(`/_editor/api/drafts/${draft.id}/rebase`).set('Host', HOST).set('Cookie', ben.cookie).set('Origin', ORIGIN).send({})).status).toBe(403)
    expect((await get(`/_editor/api/drafts/${draft.id}/rebase`, ben)).status).toBe(405)
    const unchanged = (await get(`/_editor/api/drafts/${draft.id}`)).body.draft as Draft
    expect(unchanged).toMatchObject({ base: draft.base, revision: draft.revision })
    await post(`/_editor/api/drafts/${draft.id}/delete`, {})
  })
})
