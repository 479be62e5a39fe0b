import type Koa from 'koa'
import { auditApi, type AuditReader } from './audit-api.ts'
import { builtEditorFiles } from './built-editor-files.ts'
import { editorApi } from './editor-api.ts'
import type { DraftStore } from '../../publish/draft-store.ts'
import { draftsApi, type DraftEvent } from './drafts/drafts-api.ts'
import { scheduleApi, type ScheduleEvent } from './drafts/schedule-api.ts'
import type { TeamMail } from './drafts/team-mail.ts'
import type { EditorDocument } from './editor-document.ts'
import { BUILT_VERSION } from './published-document.ts'
import { DEPLOYED_VERSION } from '../../site/version-changes.ts'
import { libraryPictures } from './media/library-pictures.ts'
import type { PictureFolder } from './media/picture-folder.ts'
import type { PublishedVersions } from './published-versions.ts'
import { versionsApi } from './versions-api.ts'

export interface ProductionEditorOptions {
  /** The published version: a save publishes a new one. */
  document: EditorDocument
  /** The built editor: build/editor/ (scripts/lib/build-editor.ts). */
  builtDir: string
  /** The site's pictures; uploads and deletes go where the production server keeps content. */
  pictures: PictureFolder
  versions: PublishedVersions
  /**
   * The team's drafts (every change saved to one as it is made), how many may exist
   * (EDITOR_DRAFTS_MAX), how long a preview link lasts (EDITOR_PREVIEW_LINK_DAYS), and the mail
   * of their reviews (none when not given).
   */
  drafts: { store: DraftStore; max: number; previewLinkDays: number; mail?: TeamMail | undefined }
  /** Scheduled publishing of the drafts, told when a schedule changes (publish/draft-schedules.ts); without it, drafts cannot be scheduled. */
  schedules?: { onChange(): void; now?: () => number }
  /** What the composition root adds to the audit line of a publish, rollback or restore, given the version it made (what it changed). */
  auditDetails?(version: string): Record<string, string>
  /** Where the access layer keeps the audit trail: read by admins on the audit screen. */
  auditTrail?: AuditReader
}

/** What the access layer (server/editor-access/) puts on a signed-in request: who, and the audit line of the request. */
interface SignedInState {
  editorSession?: { account?: string }
  audit?: (event: 'publish' | 'rollback' | 'restore-page' | DraftEvent | ScheduleEvent, details: Record<string, string>) => void
}
const signedIn = (ctx: Koa.Context) => ctx.state as SignedInState
const accountOf = (ctx: Koa.Context): string | undefined => signedIn(ctx).editorSession?.account

/**
 * The visual editor on the production server, for everything under /_editor once the access
 * layer has let a request through (editorAccess's `editor`): the built pages and assets, the
 * editor's API over the published version (a save publishes, as the signed-in account), the
 * versions, and the media library with its pictures (shown to the editor before they are
 * published). It answers nothing without a session: mounted anywhere but
 * behind the access layer, it refuses rather than publish as nobody.
 */
export function productionEditor({ document, builtDir, pictures, versions, drafts, schedules, auditDetails, auditTrail }: ProductionEditorOptions): Koa.Middleware {
  const author = (ctx: Koa.Context) => {
    const account = accountOf(ctx)
    if (!account) throw new Error('The production editor answers only behind the sign-in (editorAccess({ editor })).')
    return account
  }
  const audit = (ctx: Koa.Context, event: 'publish' | 'rollback' | 'restore-page' | DraftEvent | ScheduleEvent, details: Record<string, string>) =>
    signedIn(ctx).audit?.(event, { ...details, ...(details.version ? auditDetails?.(details.version) : {}) })
  const files = builtEditorFiles(builtDir)
  const pictureFiles = libraryPictures(pictures.publicDir)
  const versionRoutes = versionsApi({
    versions,
    authorOf: author,
    onRollback: (ctx, version) => audit(ctx, 'rollback', { version: version.id, rollbackOf: version.rollbackOf ?? '' }),
    onRestorePage: (ctx, version) => audit(ctx, 'restore-page', { version: version.id, page: version.restoredPage?.path ?? '', restoredFrom: version.restoredPage?.from ?? '' }),
  })
  const api = editorApi({
    document,
    pictures,
    mode: 'publish',
    authorOf: author,
    onSaved: (ctx, version) => audit(ctx, 'publish', { version }),
  })
  const auditRoutes: Koa.Middleware = auditTrail ? auditApi(auditTrail) : (_ctx, next) => next()

  // A draft started before the first publish is on the build's config, which the versions call the deployed site.
  const versionText = (id: string) => versions.configText(id === BUILT_VERSION ? DEPLOYED_VERSION : id)
  const draftRoutes = draftsApi({ ...drafts, document, authorOf: author, audit, versionText })
  const scheduleRoutes: Koa.Middleware = schedules ? scheduleApi({ store: drafts.store, document, ...schedules, authorOf: author, audit }) : (_ctx, next) => next()

  return async (ctx, next) => {
    if (!accountOf(ctx)) {
      ctx.status = 401
      ctx.body = { error: 'not_signed_in', message: 'Sign in to the editor first.' }
      return
    }
    await files(ctx, () => pictureFiles(ctx, () => versionRoutes(ctx, () => auditRoutes(ctx, () => scheduleRoutes(ctx, () => draftRoutes(ctx, () => api(ctx, next)))))))
  }
}
