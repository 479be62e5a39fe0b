import { join } from 'node:path'
import type { DraftStore } from '../../publish/draft-store.ts'
import { createFolderDraftStore } from '../../publish/folder-draft-store.ts'
import { createRedisDraftStore } from '../../publish/redis-draft-store.ts'
import { createFolderVersionStore } from '../../publish/folder-version-store.ts'
import { folderScheduleClaims, redisScheduleClaims, type ScheduleClaims } from '../../publish/schedule-claims.ts'
import { createRedisVersionStore } from '../../publish/redis-version-store.ts'
import type { VersionStore } from '../../publish/version-store.ts'
import type { Logger } from '../../ground/log.ts'
import { requestsConnection, whileRedisAnswers } from '../redis/redis-connections.ts'

export interface VersionStoreSettings {
  /** CONTENT_DIR, used without Redis. */
  contentDir: string
  /** REDIS_URL: with it, every instance (and the versions command) shares the versions in Redis. */
  redisUrl?: string
  /** EDITOR_VERSIONS_KEPT */
  keep: number
  log: Logger
}

/** The store the settings name: Redis when REDIS_URL is set (many instances), else the folder. The server and the versions command open the same one. */
export function openVersionStore({ contentDir, redisUrl, keep, log }: VersionStoreSettings): VersionStore {
  return redisUrl
    ? createRedisVersionStore({ redis: { url: redisUrl, connect: requestsConnection, whileAnswers: whileRedisAnswers }, keep, log })
    : createFolderVersionStore({ dir: contentDir, keep, log })
}

/** The team's drafts beside the versions: in Redis with REDIS_URL (every instance sees the same), else in CONTENT_DIR/drafts. */
export function openDraftStore({ contentDir, redisUrl, log }: Omit<VersionStoreSettings, 'keep'>): DraftStore {
  return redisUrl
    ? createRedisDraftStore({ redis: { url: redisUrl, connect: requestsConnection, whileAnswers: whileRedisAnswers }, log })
    : createFolderDraftStore({ dir: join(contentDir, 'drafts') })
}

/** Who runs a due scheduled publish: one claim in Redis with REDIS_URL (every instance asks the same), else files in CONTENT_DIR/schedules. */
export function openScheduleClaims({ contentDir, redisUrl, log }: Omit<VersionStoreSettings, 'keep'>): ScheduleClaims {
  return redisUrl
    ? redisScheduleClaims({ redis: { url: redisUrl, connect: requestsConnection, whileAnswers: whileRedisAnswers }, log })
    : folderScheduleClaims(join(contentDir, 'schedules'))
}
