import path from 'node:path'
import type { Middleware } from 'koa'
import type { EditorSettings } from '../settings/config.ts'
import { editorAccess, type EditorAccess } from '../editor-access/editor-access.ts'
import { createFailureFileStore } from '../editor-access/failure-file-store.ts'
import { createRedisAccessStore } from '../editor-access/redis-access-store.ts'
import { createRedisFailureStore } from '../editor-access/redis-failure-store.ts'
import type { Logger } from '../../ground/log.ts'
import { requestsConnection } from '../redis/redis-connections.ts'

/** Beside the published versions: kept across deployments, and one instance's own. */
const FAILURES_FILE = 'sign-in-failures.json'

/**
 * The editor's sign-in from the settings (EDITOR=on), in front of `editor` (the editor's pages and
 * API, server/compose/publishing-service.ts): sessions in this process and failed sign-ins in
 * CONTENT_DIR/sign-in-failures.json, or both in Redis with REDIS_URL so that every instance shares
 * them. Undefined when the editor is off.
 */
export function editorAccessFromSettings(settings: EditorSettings, redisUrl: string | undefined, log: Logger, editor?: Middleware): EditorAccess | undefined {
  if (!settings.enabled) return undefined
  const sessionTimes = { idleMs: settings.idleMs, maxMs: settings.maxMs }
  if (!redisUrl) {
    const failures = createFailureFileStore({ file: path.join(settings.contentDir, FAILURES_FILE), now: Date.now, log })
    return editorAccess({ log, accountsFile: settings.accountsFile, sessionTimes, passwordLinkHours: settings.passwordLinkHours, failures, editor })
  }
  const redis = requestsConnection(redisUrl)
  // The forms' own connection logs an outage; a refused sign-in says so in its answer.
  redis.on('error', () => undefined)
  return editorAccess({
    log,
    accountsFile: settings.accountsFile,
    sessionTimes,
    passwordLinkHours: settings.passwordLinkHours,
    store: createRedisAccessStore(redis, log),
    failures: createRedisFailureStore(redis, log),
    editor,
  })
}
