import { beforeAll, describe, expect, it } from 'vitest'
import { readAccounts, writeAccounts } from '../../server/editor-access/accounts-file.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { auditLines, HOST, ORIGIN, signedIn } from './support/editor-access-app.ts'
import { requestsAs, signInTeam, type Session } from './support/team-sessions.ts'
import { builtEditorStandIn, productionEditorApp } from './support/production-editor-app.ts'

/**
 * The team's drafts through the production editor's API behind the real sign-in: two people
 * saving one draft (different fields, the same field, a stale revision), publishing it, the roles,
 * the limits, and hostile input (names, ids, sizes, paths, another site, no session).
 */
let app: Awaited<ReturnType<typeof productionEditorApp>>
let asha: Session
let ben: Session

beforeAll(async () => {
  app = await productionEditorApp(builtEditorStandIn(), { draftsMax: 6 })
  // ben is an editor: he drafts, and asks a publisher to publish.
  ;({ asha, ben } = await signInTeam(app))
}, 60_000)

const { get, post } = requestsAs(
  () => app,
  () => asha,
)

type Draft = { id: string; name: string; author: string; base: string; revision: number; changes: string[]; config: SiteConfig }
async function newDraft(name = 'Spring prices', who: Session = asha): Promise<Draft> {
  const created = await post('/_editor/api/drafts', { name }, who)
  expect(created.status).toBe(201)
  return created.body.draft as Draft
}
const aboutIndex = (config: SiteConfig) => config.routes.findIndex((route) => route.path === '/about')
const save = (draft: Draft, revision: number, writes: unknown[], who: Session = asha) => post(`/_editor/api/drafts/${draft.id}/save`, { revision, writes }, who)
const emptyDrafts = async () => {
  for (const draft of (await get('/_editor/api/drafts')).body.drafts as Draft[]) await post(`/_editor/api/drafts/${draft.id}/delete`, {})
}

describe('a draft on the server', () => {
  it('starts from the current version, named, and is listed to everyone with its author, base and changed pages', async () => {
    await emptyDrafts()
    const { version } = (await get('/_editor/api/document')).body as { version: string }
    const draft = await newDraft('Spring prices')
    expect(draft).toMatchObject({ name: 'Spring prices', author: 'asha', base: version, revision: 0, changes: [] })
    const about = aboutIndex(draft.config)
    expect((await save(draft, 0, [{ path: ['routes', about, 'title'], value: 'About us, drafted' }])).status).toBe(200)
    const listed = (await get('/_editor/api/drafts', ben)).body as { drafts: (Draft & { config?: unknown })[]; current: string }
    expect(listed.current).toBe(version)
    expect(listed.drafts).toEqual([expect.objectContaining({ id: draft.id, name: 'Spring prices', author: 'asha', base: version, revision: 1, changes: ['/about'] })])
    expect(listed.drafts[0]).not.toHaveProperty('config')
    // Survives a change of browser: a new sign-in opens it as saved.
    const again = await signedIn(app.http)
    expect((await get(`/_editor/api/drafts/${draft.id}`, again)).body.draft.config.routes[about].title).toBe('About us, drafted')
    expect(auditLines(app.entries)).toContainEqual(expect.objectContaining({ event: 'draft-create', account: 'asha', draft: draft.id }))
  })

  it('merges two people’s saves of different fields, each told what the other changed', async () => {
    const draft = await newDraft('Two authors')
    const about = aboutIndex(draft.config)
    const home = draft.config.routes.findIndex((route) => route.path === '/')
    // Both started from revision 0.
    expect((await save(draft, 0, [{ path: ['routes', about, 'title'], value: 'About, by asha' }])).body.othersChanged).toEqual([])
    const bens = await save(draft, 0, [{ path: ['routes', home, 'title'], value: 'Home, by ben' }], ben)
    expect(bens.status).toBe(200)
    expect(bens.body.othersChanged).toEqual([{ path: ['routes', about, 'title'], by: 'asha' }])
    expect(bens.body.overwritten).toEqual([])
    const merged = bens.body.draft as Draft
    expect(merged.config.routes[about]!.title).toBe('About, by asha')
    expect(merged.config.routes[home]!.title).toBe('Home, by ben')
    // asha's next look names ben's field.
    const look = await get(`/_editor/api/drafts/${draft.id}?since=1`)
    expect(look.body.othersChanged).toEqual([{ path: ['routes', home, 'title'], by: 'ben' }])
    expect((await get(`/_editor/api/drafts/${draft.id}?since=2`)).body).toEqual({ unchanged: true, revision: 2 })
  })

  it('keeps the later write of the same field, naming the field it wrote over, never the whole draft', async () => {
    const draft = await newDraft('Same field')
    const about = aboutIndex(draft.config)
    await save(draft, 0, [
      { path: ['routes', about, 'title'], value: 'asha’s title' },
      { path: ['routes', about, 'description'], value: 'asha’s description' },
    ])
    const stale = await save(draft, 0, [{ path: ['routes', about, 'title'], value: 'ben’s title' }], ben)
    expect(stale.status).toBe(200)
    expect(stale.body.overwritten).toEqual([{ path: ['routes', about, 'title'], by: 'asha' }])
    const route = (stale.body.draft as Draft).config.routes[about]!
    expect(route.title).toBe('ben’s title')
    expect(route.description).toBe('asha’s description')
  })

  it('refuses a revision the draft never had, and a body that is not a save, changing nothing', async () => {
    const draft = await newDraft('Refusals')
    const about = aboutIndex(draft.config)
    const title = ['routes', about, 'title']
    expect((await save(draft, 5, [{ path: title, value: 'x' }])).status).toBe(409)
    for (const writes of [
      [{ path: ['__proto__', 'polluted'], value: true }],
      [{ path: ['routes', 'constructor', 'prototype'], value: 1 }],
      [{ path: [], value: {} }],
      [{ path: title }],
      [{ path: 'routes.0.title', value: 'x' }],
      [{ path: Array.from({ length: 40 }, () => 'a'), value: 1 }],
      'not a list',
    ])
      expect((await save(draft, 0, writes as unknown[])).status).toBe(400)
    expect((await post(`/_editor/api/drafts/${draft.id}/save`, { revision: '0', writes: [] })).status).toBe(400)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((await get(`/_editor/api/drafts/${draft.id}`)).body.draft.revision).toBe(0)
  })

  it('refuses a draft grown past the editor’s body limit, keeping it as it was', async () => {
    const draft = await newDraft('Too large')
    const chunk = 'x'.repeat(300_000)
    for (let index = 0; index < 3; index++) expect((await save(draft, index, [{ path: ['site', `pasted${index}`], value: chunk }])).status).toBe(200)
    const refused = await save(draft, 3, [{ path: ['site', 'pasted3'], value: chunk }])
    expect(refused.status).toBe(413)
    expect(refused.body.message).toMatch(/larger than 1 MB/)
    expect((await get(`/_editor/api/drafts/${draft.id}`)).body.draft.revision).toBe(3)
    await post(`/_editor/api/drafts/${draft.id}/delete`, {})
  })

  it('validates names, and refuses more drafts than the setting allows', async () => {
    await emptyDrafts()
    for (const name of ['', '   ', 'x'.repeat(81), 'line\nbreak', 'right\u202Eleft', 42, null])
      expect((await post('/_editor/api/drafts', { name })).status, JSON.stringify(name)).toBe(400)
    for (let index = 0; index < 6; index++) await newDraft(`Draft ${index}`)
    const refused = await post('/_editor/api/drafts', { name: 'One too many' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/already 6 drafts/)
    const renamed = await post(`/_editor/api/drafts/${((await get('/_editor/api/drafts')).body.drafts as Draft[])[0]!.id}/rename`, { name: '  Renamed  ' })
    expect(renamed.body.draft.name).toBe('Renamed')
    await emptyDrafts()
  })

  it('answers a hostile or unknown id with 404, and nothing without a session or from another site', async () => {
    const draft = await newDraft('Guarded')
    for (const id of ['..%2F..%2Fetc%2Fpasswd', 'AAAAAAAAAAAAAAAA', '__proto__', 'constructor', 'x'.repeat(300)]) {
      expect((await get(`/_editor/api/drafts/${id}`)).status).toBe(404)
      expect((await post(`/_editor/api/drafts/${id}/save`, { revision: 0, writes: [] })).status).toBe(404)
    }
    expect((await app.http.get('/_editor/api/drafts').set('Host', HOST)).status).not.toBe(200)
    expect((await app.http.post('/_editor/api/drafts').set('Host', HOST).send({ name: 'x' })).status).not.toBe(201)
    const fromElsewhere = await post(`/_editor/api/drafts/${draft.id}/save`, { revision: 0, writes: [{ path: ['site', 'name'], value: 'evil' }] }, asha, 'https://evil.example')
    expect(fromElsewhere.status).toBe(403)
    const noToken = await app.http.post(`/_editor/api/drafts/${draft.id}/delete`).set('Host', HOST).set('Cookie', asha.cookie).set('Origin', ORIGIN).send({})
    expect(noToken.status).toBe(403)
    expect((await get(`/_editor/api/drafts/${draft.id}`)).body.draft.revision).toBe(0)
  })
})

describe('publishing a draft', () => {
  it('is for publishers: an editor is refused and nothing is published, a publisher publishes it and the draft is gone', async () => {
    const before = app.publisher.published.length
    const draft = await newDraft('To publish', ben)
    const about = aboutIndex(draft.config)
    await save(draft, 0, [{ path: ['routes', about, 'title'], value: 'About, published from a draft' }], ben)
    const refused = await post(`/_editor/api/drafts/${draft.id}/publish`, {}, ben)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toMatch(/only publishers and admins may publish a draft/)
    expect(app.publisher.published.length).toBe(before)
    const published = await post(`/_editor/api/drafts/${draft.id}/publish`, {})
    expect(published.status).toBe(200)
    expect(app.publisher.published.length).toBe(before + 1)
    const live = (await get('/_editor/api/document')).body as { config: SiteConfig }
    expect(live.config.routes[about]!.title).toBe('About, published from a draft')
    expect((await get(`/_editor/api/drafts/${draft.id}`)).status).toBe(404)
    expect(auditLines(app.entries)).toContainEqual(expect.objectContaining({ event: 'publish', account: 'asha', draft: draft.id }))
  })

  it('holding a change of a developer’s setting is published by an admin only: a publisher is refused, naming it, and nothing is published', async () => {
    const draft = await newDraft('Quote payload', ben)
    await save(draft, 0, [{ path: ['forms', 'quote', 'payload', 'service'], value: 'Something else' }], ben)
    const accounts = await readAccounts(app.accountsFile)
    await writeAccounts(app.accountsFile, { ...accounts, ben: { ...accounts.ben!, role: 'publisher' } })
    try {
      const before = app.publisher.published.length
      const refused = await post(`/_editor/api/drafts/${draft.id}/publish`, {}, ben)
      expect(refused.status).toBe(403)
      expect(refused.body.message).toContain('only admins may change the settings only a developer changes (/forms/quote/payload)')
      expect(app.publisher.published.length).toBe(before)
      const published = await post(`/_editor/api/drafts/${draft.id}/publish`, {})
      expect(published.status).toBe(200)
      expect(app.publisher.published.length).toBe(before + 1)
    } finally {
      const now = await readAccounts(app.accountsFile)
      await writeAccounts(app.accountsFile, { ...now, ben: { ...now.ben!, role: 'editor' } })
    }
  })

  it('straight from the form (the save of the whole config) is for publishers too: an editor is refused and nothing is published', async () => {
    const { version, config } = (await get('/_editor/api/document')).body as { version: string; config: SiteConfig }
    const about = aboutIndex(config)
    const edited = structuredClone(config)
    edited.routes[about]!.title = 'About, saved past the drafts'
    const before = app.publisher.published.length
    const publishes = auditLines(app.entries).filter((line) => line.event === 'publish').length
    for (const progress of [false, true]) {
      const sent = post('/_editor/api/save', { version, config: edited }, ben)
      const refused = await (progress ? sent.set('Accept', 'application/x-ndjson') : sent)
      expect(refused.status).toBe(403)
      expect(refused.body.message).toBe('Your account is an editor: only publishers and admins may publish the site. Nothing was changed.')
    }
    expect(app.publisher.published.length).toBe(before)
    expect(auditLines(app.entries).filter((line) => line.event === 'publish')).toHaveLength(publishes)
    expect(((await get('/_editor/api/document')).body as { config: SiteConfig }).config.routes[about]!.title).not.toBe('About, saved past the drafts')

    const published = await post('/_editor/api/save', { version, config: edited })
    expect(published.status).toBe(200)
    expect(app.publisher.published.length).toBe(before + 1)
  })

  it('on an older version than the current one is a conflict, published over nothing', async () => {
    const stale = await newDraft('Stale')
    const fresh = await newDraft('Fresh')
    await save(fresh, 0, [{ path: ['site', 'name'], value: 'Eastbridge (fresh)' }])
    expect((await post(`/_editor/api/drafts/${fresh.id}/publish`, {})).status).toBe(200)
    const listed = (await get('/_editor/api/drafts')).body as { drafts: Draft[]; current: string }
    expect(listed.drafts.find((draft) => draft.id === stale.id)!.base).not.toBe(listed.current)
    const before = app.publisher.published.length
    const conflict = await post(`/_editor/api/drafts/${stale.id}/publish`, {})
    expect(conflict.status).toBe(409)
    expect(app.publisher.published.length).toBe(before)
  })

  it('lets only its author, or a publisher, delete a draft', async () => {
    const ashas = await newDraft('Asha’s')
    const refused = await post(`/_editor/api/drafts/${ashas.id}/delete`, {}, ben)
    expect(refused.status).toBe(403)
    expect((await get(`/_editor/api/drafts/${ashas.id}`)).status).toBe(200)
    const bens = await newDraft('Ben’s', ben)
    expect((await post(`/_editor/api/drafts/${bens.id}/delete`, {}, ben)).status).toBe(200)
    expect((await post(`/_editor/api/drafts/${ashas.id}/delete`, {})).status).toBe(200)
  })
})
