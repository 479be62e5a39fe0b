import path from 'node:path'
import type { Middleware } from 'koa'
import type { EditorSettings } from '../settings/config.ts'
import { createAuditFileTrail } from '../editor-access/audit-file-trail.ts'
import type { AuditTrail } from '../editor-access/audit-trail.ts'
import { editorAccess, type EditorAccess } from '../editor-access/editor-access.ts'
import { createFailureFileStore } from '../editor-access/failure-file-store.ts'
import { createRedisAccessStore } from '../editor-access/redis-access-store.ts'
import { createRedisAuditTrail } from '../editor-access/redis-audit-trail.ts'
import { createRedisFailureStore } from '../editor-access/redis-failure-store.ts'
import type { Logger } from '../../ground/log.ts'
import { requestsConnection } from '../redis/redis-connections.ts'
import { createRedisFactorStore } from '../editor-access/second-factors/redis-factor-store.ts'

/** Beside the published versions: kept across deployments, and one instance's own. */
const FAILURES_FILE = 'sign-in-failures.json'
/** The audit trail's folder, beside them (without Redis). */
const AUDIT_DIR = 'audit'

/**
 * Where the audit trail is kept (EDITOR=on): CONTENT_DIR/audit, or a Redis stream with REDIS_URL
 * that every instance writes and reads. Undefined when the editor is off.
 */
export function auditTrailFromSettings(settings: EditorSettings, redisUrl: string | undefined, log: Logger): AuditTrail | undefined {
  if (!settings.enabled) return undefined
  if (!redisUrl) return createAuditFileTrail(path.join(settings.contentDir, AUDIT_DIR))
  const redis = requestsConnection(redisUrl)
  // The forms' own connection logs an outage; an event the trail misses is logged with its reason.
  redis.on('error', () => undefined)
  return createRedisAuditTrail(redis, log)
}

/**
 * The editor's sign-in from the settings (EDITOR=on), in front of `editor` (the editor's pages and
 * API, server/compose/publishing-service.ts): sessions in this process and failed sign-ins in
 * CONTENT_DIR/sign-in-failures.json, or both in Redis with REDIS_URL so that every instance shares
 * them; each audit event kept in `auditTrail` too. Undefined when the editor is off.
 */
export function editorAccessFromSettings(
  settings: EditorSettings,
  redisUrl: string | undefined,
  log: Logger,
  editor?: Middleware,
  auditTrail?: AuditTrail,
): EditorAccess | undefined {
  if (!settings.enabled) return undefined
  const sessionTimes = { idleMs: settings.idleMs, maxMs: settings.maxMs }
  const trail = auditTrail ? { auditTrail } : {}
  const secondFactors = { ...(settings.origin ? { origin: settings.origin } : {}), ...(settings.factorsKey ? { factorsKey: settings.factorsKey } : {}) }
  if (!redisUrl) {
    const failures = createFailureFileStore({ file: path.join(settings.contentDir, FAILURES_FILE), now: Date.now, log })
    return editorAccess({ log, accountsFile: settings.accountsFile, sessionTimes, passwordLinkHours: settings.passwordLinkHours, failures, editor, secondFactors, ...trail })
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
    factorStore: createRedisFactorStore(redis, log),
    editor,
    secondFactors,
    ...trail,
  })
}
