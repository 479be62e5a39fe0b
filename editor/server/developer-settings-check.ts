import type Koa from 'koa'
import { roleRefusal } from '../api-permissions.ts'
import { roleAllows } from '../roles.ts'
import { changedDeveloperSettings } from './developer-settings.ts'
import type { EditorDocument } from './editor-document.ts'
import { roleOfRequest } from './role-check.ts'

/**
 * A save by someone who is not an admin that would change a developer's setting: 403 in words,
 * naming the settings, before anything is checked or written. Compared with the version the
 * editor loaded when it is still the current one; onto an older one the save is refused as a
 * conflict anyway.
 */
export async function developerSettingsRefusal(document: EditorDocument, ctx: Koa.Context, version: string, config: unknown) {
  const role = roleOfRequest(ctx)
  if (roleAllows(role, 'admin')) return undefined
  const current = await document.load()
  if (current.version !== version) return undefined
  const changed = changedDeveloperSettings(current.config, config)
  if (changed.length === 0) return undefined
  return { status: 403, body: { error: 'role', message: roleRefusal(role, 'admin', `change the settings only a developer changes (${changed.join(', ')})`) } }
}
