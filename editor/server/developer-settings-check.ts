import type Koa from 'koa'
import { changedDeveloperSettings } from './developer-settings.ts'
import type { EditorDocument } from './editor-document.ts'
import { roleAllows } from '../../site/editor-roles.ts'
import { allowRole, roleOfRequest } from './role-check.ts'

/**
 * A save by someone who is not an admin that would change a developer's setting: 403 in words,
 * naming the settings, before anything is checked or written. Compared with the version the
 * editor loaded when it is still the current one; onto an older one the save is refused as a
 * conflict anyway.
 */
export async function developerSettingsRefusal(document: EditorDocument, ctx: Koa.Context, version: string, config: unknown) {
  // An admin may change them: no need to load and compare.
  if (roleAllows(roleOfRequest(ctx), 'admin')) return undefined
  const current = await document.load()
  if (current.version !== version) return undefined
  const changed = changedDeveloperSettings(current.config, config)
  if (changed.length === 0 || allowRole(ctx, 'admin', `change the settings only a developer changes (${changed.join(', ')})`)) return undefined
  // allowRole has answered in the editor's words; the save's answer carries them.
  return { status: 403, body: ctx.body }
}
