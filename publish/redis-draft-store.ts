import type { Logger } from '../ground/log.ts'
import { DraftLimitReached, isDraftId, metaOf, newestFirst, type DraftStore, type TeamDraft } from './draft-store.ts'
import type { RedisAccess } from './redis-version-store.ts'

export interface RedisDraftStoreOptions {
  redis: RedisAccess
  /** Before every key, so two sites (or a test) can share one Redis. */
  prefix?: string
  log: Logger
}

/** Stores a new draft unless the set of drafts holds `max` already: counted and added in one step. */
const CREATE = `
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[2], 'revision', ARGV[3], 'draft', ARGV[4])
return 1
`

/** Replaces a draft only if it is still at the revision the change was made from (a compare-and-set). */
const REPLACE = `
local revision = redis.call('HGET', KEYS[1], 'revision')
if not revision then return -1 end
if revision ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'revision', ARGV[2], 'draft', ARGV[3])
return 1
`

const REMOVE = `
redis.call('SREM', KEYS[1], ARGV[1])
return redis.call('DEL', KEYS[2])
`

/** Saves of one draft racing on several instances: each retry runs the change on the newer draft; past this many, something is wrong. */
const ATTEMPTS = 20

/**
 * The drafts in Redis (REDIS_URL), shared by every instance: `<prefix>drafts` is the set of ids,
 * `<prefix>draft:<id>` a hash of the draft (JSON) and its revision. A change reads the draft,
 * makes the new one and stores it only if no other save came first (a script compares the
 * revision), else runs the change again on the newer draft. Commands fail fast while Redis is
 * down (StoreUnavailableError, answered 503), as the version store's do.
 */
export function createRedisDraftStore({ redis: access, prefix = 'site:', log }: RedisDraftStoreOptions): DraftStore {
  const redis = access.connect(access.url)
  redis.on('error', () => undefined) // an outage is reported by each call's StoreUnavailableError
  const keys = { drafts: `${prefix}drafts`, draft: (id: string) => `${prefix}draft:${id}` }
  const call = <T>(run: () => Promise<T>) => access.whileAnswers(redis, "the team's drafts", log, run)

  async function get(id: string): Promise<TeamDraft | undefined> {
    if (!isDraftId(id)) return undefined
    const text = await call(() => redis.hget(keys.draft(id), 'draft'))
    return text ? (JSON.parse(text) as TeamDraft) : undefined
  }

  return {
    async list() {
      const ids = (await call(() => redis.smembers(keys.drafts))).filter(isDraftId)
      const drafts = await Promise.all(ids.map(get))
      return drafts
        .filter((draft) => draft !== undefined)
        .map(metaOf)
        .sort(newestFirst)
    },
    get,
    async create(draft, max) {
      const stored = await call(() => redis.eval(CREATE, 2, keys.drafts, keys.draft(draft.id), draft.id, max, draft.revision, JSON.stringify(draft)))
      if (stored !== 1) throw new DraftLimitReached(max)
    },
    async update(id, change) {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const draft = await get(id)
        if (!draft) return undefined
        const changed = change(draft)
        const stored = await call(() => redis.eval(REPLACE, 1, keys.draft(id), draft.revision, changed.revision, JSON.stringify(changed)))
        if (stored === 1) return changed
        if (stored === -1) return undefined
      }
      throw new Error(`The draft ${id} was changed by other saves ${ATTEMPTS} times while this one was being made; nothing was saved.`)
    },
    async remove(id) {
      if (!isDraftId(id)) return false
      return (await call(() => redis.eval(REMOVE, 2, keys.drafts, keys.draft(id), id))) === 1
    },
    async close() {
      await redis.quit().catch(() => undefined)
    },
  }
}
