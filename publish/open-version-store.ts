import type { Logger } from '../server/log.ts'
import { createFolderVersionStore } from './folder-version-store.ts'
import { createRedisVersionStore } from './redis-version-store.ts'
import type { VersionStore } from './version-store.ts'

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
  return redisUrl ? createRedisVersionStore({ url: redisUrl, keep, log }) : createFolderVersionStore({ dir: contentDir, keep, log })
}
