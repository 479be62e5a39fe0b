import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { configOfText, summarizeChange } from '../../publish/change-summary.ts'
import { createFolderVersionStore } from '../../publish/folder-version-store.ts'
import { createRedisVersionStore } from '../../publish/redis-version-store.ts'
import type { VersionStore } from '../../publish/version-store.ts'
import { root } from '../../scripts/lib/paths.ts'
import { createLogger } from '../../ground/log.ts'
import { localRedisForEachTest } from './support/local-redis-suite.ts'
import { redisAccess } from './support/redis-access.ts'

const local = localRedisForEachTest()
const silent = createLogger({ level: 'silent' })
const cleanUp: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const step of cleanUp.splice(0).reverse()) await step()
})

/** `npm run site:versions -- …` as the operator runs it, from source, with the server's settings in the environment. */
function siteVersions(args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server/compose/site-versions-cli.ts'), ...args], {
    cwd: root,
    env: { ...process.env, REDIS_URL: '', CONTENT_DIR: '', ...env },
  })
  return { code: run.status, out: run.stdout, text: run.stdout.toString(), err: run.stderr.toString() }
}

/** The repository's config as version one; the same with one word of the home page's first block changed as version two. */
async function twoVersions(store: VersionStore) {
  const one = readFileSync(join(root, 'site.config.json'), 'utf8')
  const two = one.replace('"type": "heroCarousel"', '"type": "heroCarousel", "autoplay": false')
  expect(two).not.toBe(one)
  const first = await store.publish({ base: null, configText: one, author: 'asha', summary: summarizeChange(undefined, configOfText(one)!) })
  const second = await store.publish({ base: first.id, configText: two, author: 'ben', summary: summarizeChange(configOfText(one), configOfText(two)!) })
  return { one, two, first, second }
}

function folderStore() {
  const dir = mkdtempSync(join(tmpdir(), 'site-versions-'))
  const store = createFolderVersionStore({ dir, keep: 10, log: silent })
  cleanUp.push(
    () => rm(dir, { recursive: true, force: true }),
    () => store.close(),
  )
  return { dir, store }
}

describe('npm run site:versions', () => {
  it('lists the versions, newest first with the current one marked, and shows one', async () => {
    const { dir, store } = folderStore()
    const { first, second } = await twoVersions(store)
    const listed = siteVersions(['list'], { CONTENT_DIR: dir })
    expect(listed, listed.err).toMatchObject({ code: 0 })
    expect(listed.text.split('\n').filter(Boolean)).toEqual([
      `* ${second.id}  ${second.publishedAt}  ben  /: blocks changed: 1. heroCarousel`,
      expect.stringMatching(new RegExp(`^  ${first.id}  ${first.publishedAt}  asha  pages added: /, /about, `)),
    ])
    const shown = siteVersions(['show', second.id], { CONTENT_DIR: dir })
    expect(shown.text).toContain(`version ${second.id} (current)`)
    expect(shown.text).toContain(`by ben, on top of ${first.id}`)
    expect(shown.text).toContain('  /: blocks changed: 1. heroCarousel')
  }, 30_000)

  it('exports the config byte for byte as it was published: the current one to standard output, any kept one to a file', async () => {
    const { dir, store } = folderStore()
    const { one, two, first } = await twoVersions(store)
    const current = siteVersions(['export'], { CONTENT_DIR: dir })
    expect(current.code).toBe(0)
    expect(current.out.equals(Buffer.from(two))).toBe(true)
    const file = join(dir, 'exported.json')
    expect(siteVersions(['export', first.id, '--out', file], { CONTENT_DIR: dir }).code).toBe(0)
    expect(readFileSync(file).equals(Buffer.from(one))).toBe(true)
  }, 30_000)

  it('rolls back as a new version on top of the current one, which a running server following the store picks up', async () => {
    const { dir, store } = folderStore()
    const { one, first, second } = await twoVersions(store)
    const follower = createFolderVersionStore({ dir, keep: 10, log: silent })
    cleanUp.push(() => follower.close())
    const seen: string[] = []
    follower.onCurrentChange((id) => seen.push(id))

    const rolled = siteVersions(['rollback', first.id, '--as', 'ops'], { CONTENT_DIR: dir })
    expect(rolled, rolled.err).toMatchObject({ code: 0 })
    const current = await store.current()
    expect(current?.configText).toBe(one)
    expect(current?.meta).toMatchObject({ base: second.id, rollbackOf: first.id, author: 'ops' })
    expect(rolled.text).toContain(`Version ${current?.meta.id} is now current: the text of ${first.id} again`)
    const startedAt = Date.now()
    while (!seen.includes(current!.meta.id) && Date.now() - startedAt < 5000) await sleep(20)
    expect(seen).toEqual([current!.meta.id])
  }, 30_000)

  it('refuses an unknown version (exit 1) and an unknown command (exit 2), changing nothing', async () => {
    const { dir, store } = folderStore()
    const { second } = await twoVersions(store)
    const missing = siteVersions(['rollback', '20000101T000000Z'], { CONTENT_DIR: dir })
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('There is no version 20000101T000000Z')
    const hostile = siteVersions(['export', '../../etc/passwd'], { CONTENT_DIR: dir })
    expect(hostile.code).toBe(1)
    expect(hostile.out.length).toBe(0)
    const bogus = siteVersions(['bogus'], { CONTENT_DIR: dir })
    expect(bogus.code).toBe(2)
    expect(bogus.err).toContain('Usage: npm run site:versions')
    expect((await store.current())?.meta.id).toBe(second.id)
  }, 30_000)

  it('works on the versions in Redis when REDIS_URL is set', async () => {
    const store = createRedisVersionStore({ redis: redisAccess(local.redis.url), keep: 10, log: silent })
    cleanUp.push(() => store.close())
    const { two, first } = await twoVersions(store)
    const exported = siteVersions(['export'], { REDIS_URL: local.redis.url })
    expect(exported, exported.err).toMatchObject({ code: 0 })
    expect(exported.out.equals(Buffer.from(two))).toBe(true)
    expect(siteVersions(['rollback', first.id], { REDIS_URL: local.redis.url }).code).toBe(0)
    expect((await store.current())?.meta).toMatchObject({ rollbackOf: first.id, author: expect.stringContaining('(command line)') })
  }, 30_000)
})
