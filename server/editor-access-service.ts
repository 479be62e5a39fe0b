import type { Middleware } from 'koa'
import type { EditorSettings } from './config.ts'
import { editorAccess, type EditorAccess } from './editor-access/editor-access.ts'
import { createRedisAccessStore } from './editor-access/redis-access-store.ts'
import type { Logger } from './log.ts'
import { requestsConnection } from './redis/redis-connections.ts'

/**
 * The editor's sign-in from the settings (EDITOR=on), in front of `editor` (the editor's pages and
 * API, server/publishing-service.ts): sessions and failed sign-ins in this process, or in Redis with
 * REDIS_URL so that every instance shares them. Undefined when the editor is off.
 */
export function editorAccessFromSettings(settings: EditorSettings, redisUrl: string | undefined, log: Logger, editor?: Middleware): EditorAccess | undefined {
  if (!settings.enabled) return undefined
  const sessionTimes = { idleMs: settings.idleMs, maxMs: settings.maxMs }
  if (!redisUrl) return editorAccess({ log, accountsFile: settings.accountsFile, sessionTimes, editor })
  const redis = requestsConnection(redisUrl)
  // The forms' own connection logs an outage; a refused sign-in says so in its answer.
  redis.on('error', () => undefined)
  return editorAccess({ log, accountsFile: settings.accountsFile, sessionTimes, store: createRedisAccessStore(redis, log), editor })
}
