import { Redis } from 'ioredis'
import type { Logger } from '../ground/log.ts'
import { watchedCurrentVersion } from './current-watch.ts'
import { checkPictureSize, sha256Of } from './folder-pictures.ts'
import { pictureRelPath } from './picture-paths.ts'
import { isVersionId, metaOf, nextVersionId, PublishConflict, type StoredPicture, type StoredVersion, type VersionMeta, type VersionStore } from './version-store.ts'

/**
 * The server's fail-fast Redis access, handed in by its composition root (server/compose/version-store-service.ts)
 * so this store shares the forms' connection rules and outage errors without reaching into the server.
 */
export interface RedisAccess {
  /** REDIS_URL */
  url: string
  /** A connection whose commands fail at once while Redis is down (no offline queue). */
  connect(url: string): Redis
  /** Runs a command, turning an outage into StoreUnavailableError (answered 503). */
  whileAnswers<T>(redis: Redis, what: string, log: Logger, run: () => Promise<T>): Promise<T>
}

export interface RedisVersionStoreOptions {
  redis: RedisAccess
  /** Before every key and the channel, so two sites (or a test) can share one Redis. */
  prefix?: string
  keep: number
  log: Logger
  now?: () => number
}

/**
 * The compare-and-set of a publish, in one step no other client can come between: if the current
 * id is still the base, store the version, make it current, forget the versions past the kept
 * number (never the current one) and tell every instance. Otherwise change nothing and return the
 * current id. The keys of old versions are made from their ids in the script: one Redis, not a cluster.
 */
const PUBLISH = `
local current = redis.call('GET', KEYS[1])
if (current or '') ~= ARGV[1] then return { 0, current or '' } end
redis.call('HSET', KEYS[3], 'meta', ARGV[3], 'config', ARGV[4])
redis.call('SET', KEYS[1], ARGV[2])
redis.call('LPUSH', KEYS[2], ARGV[2])
local keep = tonumber(ARGV[5])
while redis.call('LLEN', KEYS[2]) > keep do
  local old = redis.call('RPOP', KEYS[2])
  if old ~= ARGV[2] then redis.call('DEL', ARGV[6] .. old) end
end
redis.call('PUBLISH', ARGV[7], ARGV[2])
return { 1, ARGV[2] }
`

/** Between reconnection attempts of the subscription: quick at first, at most 2 s. */
const reconnectDelay = (attempt: number) => Math.min(100 * attempt, 2000)

/**
 * The versions and pictures in Redis (REDIS_URL), shared by every instance: a publish on one is
 * announced on a channel, and each instance also reads the current id every second, so one that
 * missed the message (reconnecting) still switches within the 5 s every instance must. Commands
 * use a fail-fast connection: with Redis down a call throws StoreUnavailableError at once, which
 * the editor answers with 503, instead of hanging the request.
 */
export function createRedisVersionStore({ redis: access, prefix = 'site:', keep, log, now = Date.now }: RedisVersionStoreOptions): VersionStore {
  const { url } = access
  const redis = access.connect(url)
  redis.on('error', () => undefined) // an outage is reported by each call's StoreUnavailableError and the watch's one warning
  let subscriber: Redis | undefined
  const keys = {
    current: `${prefix}current`,
    versions: `${prefix}versions`,
    version: (id: string) => `${prefix}version:${id}`,
    changes: `${prefix}current-changed`,
    pictures: `${prefix}pictures`,
    picture: (path: string) => `${prefix}picture:${pictureRelPath(path)}`,
  }
  const call = <T>(what: string, run: () => Promise<T>) => access.whileAnswers(redis, `the site's ${what}`, log, run)
  const readMeta = (text: string | null | undefined) => (text ? (JSON.parse(text) as VersionMeta) : undefined)

  async function get(id: string): Promise<StoredVersion | undefined> {
    if (!isVersionId(id)) return undefined
    const [meta, configText] = await call('versions', () => redis.hmget(keys.version(id), 'meta', 'config'))
    return meta && configText !== null && configText !== undefined ? { meta: readMeta(meta)!, configText } : undefined
  }
  const readCurrentId = async () => (await call('current version', () => redis.get(keys.current))) ?? undefined

  const { stopWatching, ...currentVersion } = watchedCurrentVersion({
    read: readCurrentId,
    get,
    wakeOn: (wake) => {
      subscriber ??= new Redis(url, { maxRetriesPerRequest: null, retryStrategy: reconnectDelay }).on('error', () => undefined)
      const listener = (channel: string) => channel === keys.changes && wake()
      subscriber.on('message', listener)
      void subscriber.subscribe(keys.changes).catch(() => undefined)
      return () => {
        subscriber?.off('message', listener)
        void subscriber?.unsubscribe(keys.changes).catch(() => undefined)
      }
    },
    log,
  })

  return {
    ...currentVersion,
    async list() {
      const ids = await call('versions', () => redis.lrange(keys.versions, 0, Math.max(1, keep) - 1))
      const metas = ids.length === 0 ? [] : await call('versions', () => Promise.all(ids.map((id) => redis.hget(keys.version(id), 'meta'))))
      return metas.map(readMeta).filter((meta) => meta !== undefined)
    },
    async publish(input) {
      const { base, configText } = input
      const id = nextVersionId(now(), base)
      const meta = metaOf(input, id, new Date(now()).toISOString())
      const [won, current] = (await call('publish', () =>
        redis.eval(PUBLISH, 3, keys.current, keys.versions, keys.version(id), base ?? '', id, JSON.stringify(meta), configText, Math.max(1, keep), keys.version(''), keys.changes),
      )) as [number, string]
      if (won !== 1) throw new PublishConflict(base, current ? (await get(current))?.meta : undefined)
      return meta
    },

    async putPicture(relPath, bytes) {
      const key = keys.picture(relPath)
      checkPictureSize(relPath, bytes)
      const picture: StoredPicture = { path: relPath, bytes: bytes.byteLength, sha256: sha256Of(bytes) }
      await call('pictures', async () => {
        const results = await redis.multi().set(key, Buffer.from(bytes)).hset(keys.pictures, relPath, JSON.stringify(picture)).exec()
        const failed = results?.find(([error]) => error)
        if (!results || failed) throw failed?.[0] ?? new Error('the picture was not stored (transaction discarded)')
      })
      return picture
    },
    async removePicture(relPath) {
      const key = keys.picture(relPath)
      await call('pictures', () => redis.multi().del(key).hdel(keys.pictures, relPath).exec())
    },
    async readPicture(relPath) {
      const key = keys.picture(relPath)
      const bytes = await call('pictures', () => redis.getBuffer(key))
      return bytes ?? undefined
    },
    async listPictures() {
      const entries = await call('pictures', () => redis.hgetall(keys.pictures))
      return Object.values(entries)
        .map((text) => JSON.parse(text) as StoredPicture)
        .sort((a, b) => (a.path < b.path ? -1 : 1))
    },

    async close() {
      await stopWatching()
      await Promise.allSettled([redis.quit(), subscriber?.quit()])
    },
  }
}
