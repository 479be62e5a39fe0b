import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { createDraftScheduler } from '../../publish/draft-schedules.ts'
import type { DraftStore, TeamDraft } from '../../publish/draft-store.ts'
import { createFolderDraftStore } from '../../publish/folder-draft-store.ts'
import { createRedisDraftStore } from '../../publish/redis-draft-store.ts'
import { folderScheduleClaims, redisScheduleClaims, type ScheduleClaims } from '../../publish/schedule-claims.ts'
import { createLogger } from '../../ground/log.ts'
import { mailScheduleFailure } from '../../editor/server/drafts/schedule-failure-mail.ts'
import type { TeamMail } from '../../editor/server/drafts/team-mail.ts'
import { newDraft } from './support/draft-store-contract.ts'
import { localRedisForEachTest } from './support/local-redis-suite.ts'
import { redisAccess } from './support/redis-access.ts'

/**
 * The scheduler of drafts' publishes (publish/draft-schedules.ts) on the real stores and claims,
 * with a publish that only counts: across a restart, with two instances on one folder and on one
 * Redis, and on its own timer.
 */
const silent = createLogger({ level: 'silent' })
const DUE = '2030-03-01T05:00:00.000Z'
const content = () => fs.mkdtempSync(path.join(os.tmpdir(), 'schedules-'))

/** A draft scheduled at `at` by pia, stored. */
async function scheduledDraft(store: DraftStore, at = DUE): Promise<TeamDraft> {
  const draft = { ...newDraft(), schedule: { at, by: 'pia', scheduledAt: '2030-02-01T00:00:00.000Z' } }
  await store.create(draft, 50)
  return draft
}

/** One instance's scheduler on `store` and `claims`, its publishes counted in `runs`. */
function instance(store: DraftStore, claims: ScheduleClaims, runs: string[], now: () => number, publishMs = 0) {
  return createDraftScheduler({
    store,
    claims,
    log: silent,
    now,
    async publish(draft, schedule) {
      runs.push(`${draft.id} by ${schedule.by} at ${new Date(now()).toISOString()}`)
      await sleep(publishMs)
      return { version: `v${runs.length + 1}` }
    },
  })
}

describe('scheduled publishes on one machine (a folder)', () => {
  it('a schedule due while the server was down runs once at start-up, and never again after another restart', async () => {
    const dir = content()
    const store = createFolderDraftStore({ dir: path.join(dir, 'drafts') })
    const draft = await scheduledDraft(store)
    const runs: string[] = []
    const later = () => Date.parse(DUE) + 3_600_000
    // Closed before its time: nothing ran.
    const before = instance(store, folderScheduleClaims(path.join(dir, 'schedules')), runs, () => Date.parse(DUE) - 1)
    await before.start()
    await before.close()
    expect(runs).toEqual([])

    const restarted = instance(createFolderDraftStore({ dir: path.join(dir, 'drafts') }), folderScheduleClaims(path.join(dir, 'schedules')), runs, later)
    await restarted.start()
    await restarted.close()
    expect(runs).toEqual([`${draft.id} by pia at ${new Date(later()).toISOString()}`])
    expect((await store.get(draft.id))?.schedule?.outcome).toMatchObject({ status: 'published', version: 'v2' })

    // Even with its outcome gone from the draft (a hand-edited file), the claim file keeps it from running twice.
    await store.update(draft.id, (stored) => ({ ...stored, schedule: { ...stored.schedule!, outcome: undefined } }))
    const again = instance(createFolderDraftStore({ dir: path.join(dir, 'drafts') }), folderScheduleClaims(path.join(dir, 'schedules')), runs, later)
    await again.start()
    await again.close()
    expect(runs).toHaveLength(1)
  })

  it('two processes on one content folder run a due schedule exactly once', async () => {
    const dir = content()
    const runs: string[] = []
    const [one, two] = [0, 1].map(() => createFolderDraftStore({ dir: path.join(dir, 'drafts') }))
    await scheduledDraft(one!)
    const schedulers = [one!, two!].map((store) => instance(store, folderScheduleClaims(path.join(dir, 'schedules')), runs, () => Date.parse(DUE), 50))
    await Promise.all(schedulers.map((scheduler) => scheduler.runDue()))
    await Promise.all(schedulers.map((scheduler) => scheduler.close()))
    expect(runs).toHaveLength(1)
  })

  it('a moved schedule is a new one: it runs at its new time', async () => {
    const dir = content()
    const store = createFolderDraftStore({ dir: path.join(dir, 'drafts') })
    const runs: string[] = []
    let clock = Date.parse(DUE)
    const draft = await scheduledDraft(store)
    const scheduler = instance(store, folderScheduleClaims(path.join(dir, 'schedules')), runs, () => clock)
    await scheduler.runDue()
    const moved = new Date(clock + 3_600_000).toISOString()
    await store.update(draft.id, (stored) => ({ ...stored, schedule: { at: moved, by: 'pia', scheduledAt: DUE } }))
    await scheduler.runDue()
    expect(runs).toHaveLength(1)
    clock += 3_600_000
    await scheduler.runDue()
    await scheduler.close()
    expect(runs).toHaveLength(2)
  })

  it('runs on its own timer at its time, not before (a real clock; the schedule is 300 ms ahead, and up to 10 s is allowed for a busy machine)', async () => {
    const dir = content()
    const store = createFolderDraftStore({ dir: path.join(dir, 'drafts') })
    const at = Date.now() + 300
    const draft = await scheduledDraft(store, new Date(at).toISOString())
    const ranAt: number[] = []
    const scheduler = createDraftScheduler({
      store,
      claims: folderScheduleClaims(path.join(dir, 'schedules')),
      log: silent,
      publish: async () => (ranAt.push(Date.now()), { version: 'v2' }),
    })
    await scheduler.start()
    for (let waited = 0; ranAt.length === 0 && waited < 10_000; waited += 50) await sleep(50)
    await scheduler.close()
    expect(ranAt).toHaveLength(1)
    expect(ranAt[0]).toBeGreaterThanOrEqual(at)
    expect((await store.get(draft.id))?.schedule?.outcome?.status).toBe('published')
  })

  it('a publish that throws (the build failed) is recorded as failed in words, not retried', async () => {
    const dir = content()
    const store = createFolderDraftStore({ dir: path.join(dir, 'drafts') })
    const draft = await scheduledDraft(store)
    let tries = 0
    const scheduler = createDraftScheduler({
      store,
      claims: folderScheduleClaims(path.join(dir, 'schedules')),
      log: silent,
      now: () => Date.parse(DUE),
      publish: async () => {
        tries++
        throw new Error('the content build exited with code 1')
      },
    })
    await scheduler.runDue()
    await scheduler.runDue()
    await scheduler.close()
    expect(tries).toBe(1)
    expect((await store.get(draft.id))?.schedule?.outcome).toMatchObject({
      status: 'failed',
      words: 'The publish stopped with an error: the content build exited with code 1. Nothing was published; schedule it again, or publish it by hand.',
    })
  })
})

describe('a run whose process died after claiming it (a claim with no outcome)', () => {
  const LATER = Date.parse(DUE) + 3_600_000
  const STALE = LATER - 16 * 60_000
  /** A store with the draft scheduled at DUE, and the claim a process made at `claimedAt` before it died. */
  async function diedMidRun(claimedAt: number, also: string[] = []) {
    const dir = content()
    const store = createFolderDraftStore({ dir: path.join(dir, 'drafts') })
    const draft = await scheduledDraft(store)
    const claims = folderScheduleClaims(path.join(dir, 'schedules'))
    for (const suffix of ['', ...also]) expect(await claims.claim(`${draft.id}@${DUE}${suffix}`, claimedAt)).toBe(true)
    return { dir, store, draft }
  }
  const restarted = (dir: string, store: DraftStore, runs: string[], publishedAlready?: (draft: TeamDraft) => Promise<string | undefined>) =>
    createDraftScheduler({
      store,
      claims: folderScheduleClaims(path.join(dir, 'schedules')),
      log: silent,
      now: () => LATER,
      publishedAlready,
      publish: async (draft) => (runs.push(draft.id), { version: 'v9' }),
    })

  it('is run again at start-up when the publish did not happen, once', async () => {
    const { dir, store, draft } = await diedMidRun(STALE)
    const runs: string[] = []
    const scheduler = restarted(dir, store, runs, async () => undefined)
    await scheduler.start()
    await scheduler.runDue()
    await scheduler.close()
    expect(runs).toEqual([draft.id])
    expect((await store.get(draft.id))?.schedule?.outcome).toMatchObject({ status: 'published', version: 'v9' })
  })

  it('is recorded as published, not run again, when the version published now holds the draft', async () => {
    const { dir, store, draft } = await diedMidRun(STALE)
    const runs: string[] = []
    const scheduler = restarted(dir, store, runs, async (found) => (found.id === draft.id ? 'v8' : undefined))
    await scheduler.start()
    await scheduler.close()
    expect(runs).toEqual([])
    expect((await store.get(draft.id))?.schedule?.outcome).toMatchObject({ status: 'published', version: 'v8' })
    expect((await store.get(draft.id))?.base).toBe('v8')
  })

  it('is left alone while the claim is younger than any run takes (it may still be running)', async () => {
    const { dir, store, draft } = await diedMidRun(LATER - 60_000)
    const runs: string[] = []
    const scheduler = restarted(dir, store, runs, async () => undefined)
    await scheduler.start()
    await scheduler.close()
    expect(runs).toEqual([])
    expect((await store.get(draft.id))?.schedule?.outcome).toBeUndefined()
  })

  it('is recorded as failed, in words that say what to check, when the second run died too', async () => {
    const { dir, store, draft } = await diedMidRun(STALE, ['#again'])
    const runs: string[] = []
    const told: string[] = []
    const scheduler = createDraftScheduler({
      store,
      claims: folderScheduleClaims(path.join(dir, 'schedules')),
      log: silent,
      now: () => LATER,
      publish: async (found) => (runs.push(found.id), { version: 'v9' }),
      onRan: (_draft, outcome) => void told.push(outcome.status),
    })
    await scheduler.start()
    await scheduler.runDue()
    await scheduler.close()
    expect(runs).toEqual([])
    expect(told).toEqual(['failed'])
    expect((await store.get(draft.id))?.schedule?.outcome).toMatchObject({ status: 'failed', words: expect.stringMatching(/stopped twice.*Open Versions/) })
  })

  it('two instances starting together run it again exactly once', async () => {
    const { dir, draft } = await diedMidRun(STALE)
    const runs: string[] = []
    const schedulers = [0, 1].map(() => restarted(dir, createFolderDraftStore({ dir: path.join(dir, 'drafts') }), runs, async () => undefined))
    await Promise.all(schedulers.map((scheduler) => scheduler.start()))
    await Promise.all(schedulers.map((scheduler) => scheduler.close()))
    expect(runs).toEqual([draft.id])
  })
})

describe('a failed run’s mail', () => {
  it('is sent once, even with two instances on one folder', async () => {
    const dir = content()
    const [one, two] = [0, 1].map(() => createFolderDraftStore({ dir: path.join(dir, 'drafts') }))
    await scheduledDraft(one!)
    const sent: string[][] = []
    const mail: TeamMail = { addressesOf: async () => ['pia@example.com'], send: async (message) => void sent.push(message.to) }
    const schedulers = [one!, two!].map((store) =>
      createDraftScheduler({
        store,
        claims: folderScheduleClaims(path.join(dir, 'schedules')),
        log: silent,
        now: () => Date.parse(DUE),
        publish: async () => (await sleep(50), { failure: 'The check refused it.' }),
        onRan: async (draft, outcome) => void (await mailScheduleFailure(mail, draft, outcome)),
      }),
    )
    await Promise.all(schedulers.map((scheduler) => scheduler.runDue()))
    await Promise.all(schedulers.map((scheduler) => scheduler.close()))
    expect(sent).toEqual([['pia@example.com']])
  })
})

describe('scheduled publishes across instances (Redis)', () => {
  const local = localRedisForEachTest()

  it('three instances on one Redis run a due schedule exactly once', async () => {
    const runs: string[] = []
    const stores = [0, 1, 2].map(() => createRedisDraftStore({ redis: redisAccess(local.redis.url), log: silent }))
    await scheduledDraft(stores[0]!)
    const schedulers = stores.map((store) => instance(store, redisScheduleClaims({ redis: redisAccess(local.redis.url), log: silent }), runs, () => Date.parse(DUE), 50))
    await Promise.all(schedulers.map((scheduler) => scheduler.runDue()))
    await Promise.all(schedulers.map((scheduler) => scheduler.close()))
    expect(runs).toHaveLength(1)
    expect((await stores[1]!.list())[0]?.schedule?.outcome?.status).toBe('published')
    await Promise.all(stores.map((store) => store.close()))
  })
})
