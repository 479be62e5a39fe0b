import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { auditLines } from './support/editor-access-app.ts'
import { requestsAs, signInTeam, type Session } from './support/team-sessions.ts'
import { builtEditorStandIn, productionEditorApp } from './support/production-editor-app.ts'

/**
 * A draft's review through the production editor's API behind the real sign-in: an editor asks
 * (the publishers mailed, or told nobody has an address), a publisher reads its changes page by
 * page and sends it back with a comment (the author mailed), then publishes it; the roles.
 */
const mails: { to: string[]; subject: string; text: string }[] = []
const addresses: Record<string, string> = {}
let app: Awaited<ReturnType<typeof productionEditorApp>>
let asha: Session
let ben: Session

beforeAll(async () => {
  app = await productionEditorApp(builtEditorStandIn(), {
    // The composition's addresses are the accounts file's (team-mail-service.ts); here the test chooses them.
    mail: {
      addressesOf: async (who) => ('account' in who ? [who.account] : ['asha']).flatMap((name) => (name && addresses[name] ? [addresses[name]] : [])),
      send: async (mail) => void mails.push(mail),
    },
  })
  ;({ asha, ben } = await signInTeam(app))
}, 60_000)

const { get, post } = requestsAs(
  () => app,
  () => asha,
)

type Draft = { id: string; name: string; revision: number; config: SiteConfig; review?: Record<string, string> }
async function bensDraft(name: string): Promise<Draft> {
  const draft = (await post('/_editor/api/drafts', { name }, ben)).body.draft as Draft
  const about = draft.config.routes.findIndex((route) => route.path === '/about')
  const saved = await post(`/_editor/api/drafts/${draft.id}/save`, { revision: 0, writes: [{ path: ['routes', about, 'title'], value: 'About us, reviewed' }] }, ben)
  expect(saved.status).toBe(200)
  return saved.body.draft as Draft
}

describe('a draft’s review', () => {
  it('goes draft → in review → sent back → in review → published, each step mailed and audited', async () => {
    addresses.asha = 'asha@example.com'
    addresses.ben = 'ben@example.com'
    const draft = await bensDraft('New about page')

    const asked = await post(`/_editor/api/drafts/${draft.id}/ask-review`, { note: 'The new team is on it.' }, ben)
    expect(asked.status).toBe(200)
    expect(asked.body).toMatchObject({ notified: 1, draft: { review: { state: 'in-review', askedBy: 'ben', note: 'The new team is on it.' } } })
    expect(mails.at(-1)).toMatchObject({ to: ['asha@example.com'], subject: 'Review asked: New about page' })
    expect(mails.at(-1)!.text).toContain('The new team is on it.')
    // Listed as in review to the publisher.
    const listed = (await get('/_editor/api/drafts', asha)).body.drafts as Draft[]
    expect(listed.find((each) => each.id === draft.id)?.review?.state).toBe('in-review')

    // The publisher reads the changes, page by page, old and new words.
    const changes = await get(`/_editor/api/drafts/${draft.id}/changes`, asha)
    expect(changes.status).toBe(200)
    const about = (changes.body.changes.pages as { path: string; fields: { path: unknown[]; before: unknown; after: unknown }[] }[]).find((page) => page.path === '/about')
    expect(about?.fields).toContainEqual(expect.objectContaining({ path: ['title'], after: 'About us, reviewed' }))

    const sentBack = await post(`/_editor/api/drafts/${draft.id}/send-back`, { comment: 'Please add the new phone number.' }, asha)
    expect(sentBack.status).toBe(200)
    expect(sentBack.body.draft.review).toMatchObject({ state: 'sent-back', sentBackBy: 'asha', comment: 'Please add the new phone number.' })
    expect(mails.at(-1)).toMatchObject({ to: ['ben@example.com'], subject: 'Sent back: New about page' })
    // The author sees the comment on the draft.
    expect((await get(`/_editor/api/drafts/${draft.id}`, ben)).body.draft.review.comment).toBe('Please add the new phone number.')
    // Sent back once, it is no longer in review: a second send-back is refused.
    expect((await post(`/_editor/api/drafts/${draft.id}/send-back`, { comment: 'Again' }, asha)).status).toBe(409)

    expect((await post(`/_editor/api/drafts/${draft.id}/ask-review`, {}, ben)).body.draft.review).toEqual(expect.objectContaining({ state: 'in-review' }))
    const published = await post(`/_editor/api/drafts/${draft.id}/publish`, {}, asha)
    expect(published.status).toBe(200)
    expect((await get(`/_editor/api/drafts/${draft.id}`, ben)).status).toBe(404)
    const events = auditLines(app.entries)
      .filter((line) => line.draft === draft.id)
      .map((line) => `${line.event} ${line.account}`)
    expect(events).toEqual(expect.arrayContaining(['review-ask ben', 'review-send-back asha', 'publish asha']))
  })

  it('when no publisher has an e-mail address, asks anyway and says so in the answer and the audit', async () => {
    delete addresses.asha
    const draft = await bensDraft('Nobody to mail')
    const before = mails.length
    const asked = await post(`/_editor/api/drafts/${draft.id}/ask-review`, {}, ben)
    expect(asked.status).toBe(200)
    expect(asked.body).toMatchObject({ notified: 0, draft: { review: { state: 'in-review' } } })
    expect(asked.body.notice).toMatch(/No publisher or admin has an e-mail address/)
    expect(mails.length).toBe(before)
    expect(auditLines(app.entries)).toContainEqual(expect.objectContaining({ event: 'review-ask', draft: draft.id, notified: '0' }))
  })

  it('lets an editor ask but not send back or publish: 403 and the draft unchanged', async () => {
    const draft = await bensDraft('Ben may not')
    await post(`/_editor/api/drafts/${draft.id}/ask-review`, {}, ben)
    const before = (await get(`/_editor/api/drafts/${draft.id}`, ben)).body.draft as Draft
    for (const action of ['send-back', 'publish']) {
      const refused = await post(`/_editor/api/drafts/${draft.id}/${action}`, { comment: 'no' }, ben)
      expect(refused.status).toBe(403)
      expect(refused.body.message).toMatch(/only publishers and admins may/)
    }
    expect((await get(`/_editor/api/drafts/${draft.id}`, ben)).body.draft).toEqual(before)
  })

  it('refuses a missing comment, an oversized note and control characters in plain words, changing nothing', async () => {
    const draft = await bensDraft('Bad words')
    expect((await post(`/_editor/api/drafts/${draft.id}/ask-review`, { note: 'x'.repeat(2001) }, ben)).status).toBe(400)
    expect((await post(`/_editor/api/drafts/${draft.id}/ask-review`, { note: 'a\u202Eb' }, ben)).status).toBe(400)
    expect((await post(`/_editor/api/drafts/${draft.id}/ask-review`, { note: 42 }, ben)).status).toBe(400)
    expect((await get(`/_editor/api/drafts/${draft.id}`, ben)).body.draft.review).toBeUndefined()
    await post(`/_editor/api/drafts/${draft.id}/ask-review`, {}, ben)
    const noComment = await post(`/_editor/api/drafts/${draft.id}/send-back`, { comment: '   ' }, asha)
    expect(noComment.status).toBe(400)
    expect(noComment.body.message).toMatch(/Write the comment/)
    expect((await get(`/_editor/api/drafts/${draft.id}`, ben)).body.draft.review.state).toBe('in-review')
    expect((await post('/_editor/api/drafts/AAAAAAAAAAAAAAAA/ask-review', {}, ben)).status).toBe(404)
  })
})
