import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DraftMeta, TeamDraft } from '../../publish/draft-store.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { auditLines } from './support/editor-access-app.ts'
import { requestsAs, signInTeam, type Session } from './support/team-sessions.ts'
import { builtEditorStandIn, productionEditorApp } from './support/production-editor-app.ts'

/**
 * Scheduled publishing through the production editor's API behind the real sign-in, on a test
 * clock: the site's time zone is the schema's default, Asia/Kolkata (UTC+05:30, no summer time).
 * The publish at its time and not before, once; the check when it is scheduled and again when it
 * runs; cancelling; the roles; hostile dates, zones and ids.
 */
let app: Awaited<ReturnType<typeof productionEditorApp>>
let asha: Session
let ben: Session
/** 10:00 in Kolkata. */
const START = Date.parse('2030-03-01T04:30:00Z')
let clock = START

beforeAll(async () => {
  app = await productionEditorApp(builtEditorStandIn(), { now: () => clock })
  // asha publishes (an admin), ben is an editor.
  ;({ asha, ben } = await signInTeam(app))
}, 60_000)

const { get, post } = requestsAs(
  () => app,
  () => asha,
)

type Draft = TeamDraft & { config: SiteConfig }
/** A new draft with the About page's title changed to `title` (a number makes it fail the check). */
async function draftWithTitle(title: unknown, name = 'Spring prices'): Promise<Draft> {
  clock = START
  const created = await post('/_editor/api/drafts', { name })
  expect(created.status).toBe(201)
  const draft = created.body.draft as Draft
  const about = draft.config.routes.findIndex((route) => route.path === '/about')
  const saved = await post(`/_editor/api/drafts/${draft.id}/save`, { revision: 0, writes: [{ path: ['routes', about, 'title'], value: title }] })
  expect(saved.status).toBe(200)
  return saved.body.draft as Draft
}
const schedule = (id: string, body: unknown, who: Session = asha) => post(`/_editor/api/drafts/${id}/schedule`, body, who)
const stored = (id: string) => app.drafts.get(id)
const listed = async (id: string) => ((await get('/_editor/api/drafts')).body.drafts as DraftMeta[]).find((draft) => draft.id === id)

describe('a scheduled publish', () => {
  it('is stored as the instant the site’s local time stands for, shown in the list, and publishes at that time and not before, once, as its scheduler', async () => {
    const draft = await draftWithTitle('About us, from spring')
    const answer = await schedule(draft.id, { date: '2030-03-01', time: '10:30', timeZone: 'Asia/Kolkata' })
    expect(answer.status, answer.text).toBe(200)
    // 10:30 in Kolkata is 05:00 UTC.
    expect(answer.body.draft.schedule).toEqual({ at: '2030-03-01T05:00:00.000Z', by: 'asha', scheduledAt: new Date(START).toISOString() })
    expect((await listed(draft.id))?.schedule?.at).toBe('2030-03-01T05:00:00.000Z')
    const published = app.publisher.published.length

    await app.scheduler.runDue()
    clock = Date.parse('2030-03-01T04:59:59Z')
    await app.scheduler.runDue()
    expect(app.publisher.published.length).toBe(published)
    expect((await stored(draft.id))?.schedule?.outcome).toBeUndefined()

    clock = Date.parse('2030-03-01T05:00:00Z')
    await app.scheduler.runDue()
    await app.scheduler.runDue()
    expect(app.publisher.published.length).toBe(published + 1)
    expect(app.publisher.published.at(-1)!.meta.author).toBe('asha')
    const { version } = (await get('/_editor/api/document')).body as { version: string }
    expect(JSON.parse(await readFile(app.configFile, 'utf8')).routes.find((route: { path: string }) => route.path === '/about').title).toBe('About us, from spring')
    // The outcome stays on the draft (now on the version it made), for everyone to see.
    expect((await listed(draft.id))?.schedule?.outcome).toEqual({ status: 'published', version, ranAt: '2030-03-01T05:00:00.000Z' })
    expect((await stored(draft.id))?.base).toBe(version)
    expect(auditLines(app.entries)).toContainEqual(
      expect.objectContaining({ event: 'publish-schedule', account: 'asha', draft: draft.id, local: '2030-03-01 10:30 (Asia/Kolkata)' }),
    )
  })

  it('is checked when it is scheduled: a draft with a problem is refused with its problems, and nothing is scheduled', async () => {
    const draft = await draftWithTitle(42, 'Broken title')
    const answer = await schedule(draft.id, { date: '2030-03-01', time: '11:00' })
    expect(answer.status).toBe(422)
    expect(answer.body.message).toMatch(/^Not scheduled: the draft has a problem/)
    expect(answer.body.problemCount).toBeGreaterThan(0)
    expect((await stored(draft.id))?.schedule).toBeUndefined()
  })

  it('is checked again when it runs: a draft made invalid meanwhile is not published, and the failure’s words are on the draft', async () => {
    const draft = await draftWithTitle('Fine for now', 'Made invalid later')
    expect((await schedule(draft.id, { date: '2030-03-01', time: '12:00' })).status).toBe(200)
    const about = draft.config.routes.findIndex((route) => route.path === '/about')
    expect((await post(`/_editor/api/drafts/${draft.id}/save`, { revision: draft.revision + 1, writes: [{ path: ['routes', about, 'title'], value: 42 }] })).status).toBe(200)
    const published = app.publisher.published.length
    clock = Date.parse('2030-03-01T06:30:00Z')
    await app.scheduler.runDue()
    expect(app.publisher.published.length).toBe(published)
    const outcome = (await listed(draft.id))?.schedule?.outcome
    expect(outcome).toMatchObject({ status: 'failed', words: expect.stringMatching(/^The check refused it: the draft has a problem .*Nothing was published/) })
  })

  it('is refused on a draft started before the version published now, since it would undo that version', async () => {
    const old = await draftWithTitle('On the old version', 'Old base')
    const newer = await draftWithTitle('Published first', 'Newer')
    expect((await post(`/_editor/api/drafts/${newer.id}/publish`, {})).status).toBe(200)
    const answer = await schedule(old.id, { date: '2030-03-01', time: '11:00' })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toContain(`started on version ${old.base}`)
    expect((await stored(old.id))?.schedule).toBeUndefined()
  })

  it('can be cancelled: nothing is published at its time', async () => {
    const draft = await draftWithTitle('Never mind', 'Cancelled')
    expect((await schedule(draft.id, { date: '2030-03-01', time: '10:05' })).status).toBe(200)
    const cancelled = await post(`/_editor/api/drafts/${draft.id}/unschedule`, {})
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.draft.schedule).toBeUndefined()
    const published = app.publisher.published.length
    clock = Date.parse('2030-03-01T05:00:00Z')
    await app.scheduler.runDue()
    expect(app.publisher.published.length).toBe(published)
    expect(auditLines(app.entries)).toContainEqual(expect.objectContaining({ event: 'publish-unschedule', account: 'asha', draft: draft.id }))
  })

  it('is dropped when the draft is published by hand with later edits kept: they are not published unasked at the old time', async () => {
    const draft = await draftWithTitle('Out now', 'By hand')
    expect((await schedule(draft.id, { date: '2030-03-01', time: '10:45' })).status).toBe(200)
    // ben saves to the draft while it is being published: the draft stays for his edit, on the new version.
    const { document } = app.publisher
    const publishing = document.save
    document.save = async (...args) => {
      await app.drafts.update(draft.id, (latest) => ({ ...latest, revision: latest.revision + 1, updatedBy: 'ben' }))
      return publishing(...args)
    }
    try {
      expect((await post(`/_editor/api/drafts/${draft.id}/publish`, {})).status).toBe(200)
    } finally {
      document.save = publishing
    }
    expect((await stored(draft.id))?.updatedBy).toBe('ben')
    expect((await stored(draft.id))?.schedule).toBeUndefined()
  })

  it('is a publisher’s: an editor’s schedule or cancel is refused 403 and the draft is left as it was', async () => {
    const draft = await draftWithTitle('Ben wants it out', 'Ben’s try')
    const before = JSON.stringify(await stored(draft.id))
    const refused = await schedule(draft.id, { date: '2030-03-01', time: '11:00' }, ben)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toContain('schedule a publish')
    expect((await post(`/_editor/api/drafts/${draft.id}/unschedule`, {}, ben)).status).toBe(403)
    expect(JSON.stringify(await stored(draft.id))).toBe(before)
  })
})

describe('hostile or mistaken input', () => {
  it.each([
    ['31 February', { date: '2030-02-31', time: '11:00' }, /Give the date as YYYY-MM-DD/],
    ['25 o’clock', { date: '2030-03-01', time: '25:00' }, /Give the date/],
    ['seconds', { date: '2030-03-01', time: '11:00:00' }, /Give the date/],
    ['an expanded year', { date: '+02030-03-01', time: '11:00' }, /Give the date/],
    ['a number for a date', { date: 20300301, time: '11:00' }, /Give the date/],
    ['an instant instead of a date', { date: '2030-03-01T11:00:00Z', time: '11:00' }, /Give the date/],
    ['nothing', {}, /Give the date/],
    ['another zone', { date: '2030-03-01', time: '11:00', timeZone: 'Europe/Berlin' }, /The site's time zone is Asia\/Kolkata, not Europe\/Berlin/],
    ['a path for a zone', { date: '2030-03-01', time: '11:00', timeZone: '../../etc/localtime' }, /^The site's time zone is Asia\/Kolkata: reload/],
    ['a zone with a NUL', { date: '2030-03-01', time: '11:00', timeZone: 'Asia/Kolkata\u0000' }, /^The site's time zone is Asia\/Kolkata: reload/],
    ['a zone as an object', { date: '2030-03-01', time: '11:00', timeZone: { toString: 'x' } }, /^The site's time zone is Asia\/Kolkata: reload/],
    ['the past', { date: '2030-03-01', time: '09:59' }, /^2030-03-01 09:59 \(Asia\/Kolkata\) has passed already/],
    ['now', { date: '2030-03-01', time: '10:00' }, /has passed already/],
    ['more than a year ahead', { date: '2031-03-02', time: '10:00' }, /more than a year ahead/],
  ])('%s: 400 in words, nothing scheduled', async (_name, body, words) => {
    const draft = await draftWithTitle('Hostile', 'Hostile')
    const answer = await schedule(draft.id, body)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toMatch(words)
    expect(answer.body.message).toMatch(/Nothing was scheduled\.$/)
    expect((await stored(draft.id))?.schedule).toBeUndefined()
  })

  it('answers a draft id that is no draft, or no id at all, with 404 in words', async () => {
    for (const id of ['AAAAAAAAAAAAAAAA', '..%2f..%2fdrafts', 'x'.repeat(200)]) {
      const answer = await schedule(id, { date: '2030-03-01', time: '11:00' })
      expect(answer.status, id).toBe(404)
      expect(answer.body.message ?? answer.body.error, id).toBeTruthy()
    }
  })
})
