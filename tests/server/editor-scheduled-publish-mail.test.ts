import { beforeAll, describe, expect, it } from 'vitest'
import type { TeamMail } from '../../editor/server/drafts/team-mail.ts'
import type { TeamDraft } from '../../publish/draft-store.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { requestsAs, signInTeam, type Session } from './support/team-sessions.ts'
import { builtEditorStandIn, EDITOR_ORIGIN, productionEditorApp } from './support/production-editor-app.ts'

/**
 * A scheduled publish that fails is mailed to the draft's author and to the publisher who
 * scheduled it, through the team's mail, with the reason and a link to the editor; with no
 * address there is no mail, and the failure is on the draft all the same.
 */
let app: Awaited<ReturnType<typeof productionEditorApp>>
let asha: Session
let ben: Session
const START = Date.parse('2030-03-01T04:30:00Z')
let clock = START
const sent: { to: string[]; subject: string; text: string }[] = []
const addresses: Record<string, string> = { asha: 'asha@example.com', ben: 'ben@example.com' }
const mail: TeamMail = {
  addressesOf: async (who) => ('account' in who && addresses[who.account] ? [addresses[who.account]!] : []),
  send: async (message) => void sent.push(message),
}

beforeAll(async () => {
  app = await productionEditorApp(builtEditorStandIn(), { now: () => clock, mail })
  ;({ asha, ben } = await signInTeam(app))
}, 60_000)

const { post } = requestsAs(
  () => app,
  () => asha,
)

/** A draft by `author` scheduled by asha for 11:00 in Kolkata, then made to fail: another version is published before it runs. */
async function failingSchedule(author: Session, name: string): Promise<TeamDraft> {
  clock = START
  const created = await post('/_editor/api/drafts', { name }, author)
  const draft = created.body.draft as TeamDraft & { config: SiteConfig }
  const about = draft.config.routes.findIndex((route) => route.path === '/about')
  expect((await post(`/_editor/api/drafts/${draft.id}/save`, { revision: 0, writes: [{ path: ['routes', about, 'title'], value: `About, ${name}` }] }, author)).status).toBe(200)
  expect((await post(`/_editor/api/drafts/${draft.id}/schedule`, { date: '2030-03-01', time: '11:00' })).status).toBe(200)
  const other = await post('/_editor/api/drafts', { name: `${name}, published first` })
  expect((await post(`/_editor/api/drafts/${other.body.draft.id}/save`, { revision: 0, writes: [{ path: ['site', 'shortName'], value: name.slice(0, 20) }] })).status).toBe(200)
  expect((await post(`/_editor/api/drafts/${other.body.draft.id}/publish`, {})).status).toBe(200)
  clock = Date.parse('2030-03-01T05:30:00Z')
  return draft
}

describe('a failed scheduled publish', () => {
  it('is mailed once to the draft’s author and the publisher who scheduled it, with the reason and a link to the editor', async () => {
    sent.length = 0
    const draft = await failingSchedule(ben, 'Spring prices')
    await app.scheduler.runDue()
    await app.scheduler.runDue()
    const outcome = (await app.drafts.get(draft.id))?.schedule?.outcome
    expect(outcome).toMatchObject({ status: 'failed', words: expect.stringContaining('so it was not published over it') })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.to.sort()).toEqual(['asha@example.com', 'ben@example.com'])
    expect(sent[0]!.subject).toBe('Scheduled publish failed: Spring prices')
    expect(sent[0]!.text).toContain(outcome?.status === 'failed' ? outcome.words : 'the reason')
    expect(sent[0]!.text).toContain(`${EDITOR_ORIGIN}/_editor`)
  })

  it('goes to one address once when the author scheduled it', async () => {
    sent.length = 0
    await failingSchedule(asha, 'Asha alone')
    await app.scheduler.runDue()
    expect(sent.map((message) => message.to)).toEqual([['asha@example.com']])
  })

  it('sends no mail when nobody has an address, and the failure is on the draft all the same', async () => {
    sent.length = 0
    const { asha: ashas, ben: bens } = addresses
    delete addresses.asha
    delete addresses.ben
    try {
      const draft = await failingSchedule(ben, 'Nobody to tell')
      await app.scheduler.runDue()
      expect(sent).toEqual([])
      expect((await app.drafts.get(draft.id))?.schedule?.outcome?.status).toBe('failed')
    } finally {
      Object.assign(addresses, { asha: ashas, ben: bens })
    }
  })

  it('sends no mail when it published', async () => {
    sent.length = 0
    clock = START
    const created = await post('/_editor/api/drafts', { name: 'Fine' }, ben)
    expect((await post(`/_editor/api/drafts/${created.body.draft.id}/schedule`, { date: '2030-03-01', time: '10:15' })).status).toBe(200)
    clock = Date.parse('2030-03-01T05:00:00Z')
    await app.scheduler.runDue()
    expect((await app.drafts.get(created.body.draft.id))?.schedule?.outcome?.status).toBe('published')
    expect(sent).toEqual([])
  })
})
