import fs from 'node:fs'
import path from 'node:path'
import type Koa from 'koa'
import { root } from '../../authoring/project-paths.ts'
import type { ContentBuildProgress } from '../../content/build-content.ts'
import { readCodeBuild } from '../../content/code-build-files.ts'
import { linkFiles } from '../../content/link-files.ts'
import { checkTextInThread, migrateInThread } from '../../editor/server/checker-thread.ts'
import { ConflictError } from '../../editor/server/editor-document.ts'
import type { PictureFolder } from '../../editor/server/media/picture-folder.ts'
import type { AuditReader } from '../../editor/server/audit-api.ts'
import { productionEditor } from '../../editor/server/production-editor.ts'
import { previewSite } from '../../editor/server/drafts/preview-site.ts'
import type { TeamMail } from '../../editor/server/drafts/team-mail.ts'
import { previewBuilds } from '../../publish/preview-builds.ts'
import { readBuiltSite } from '../static/load-site.ts'
import { publishedDocument, type Publishing } from '../../editor/server/published-document.ts'
import { RestoreRefused, RollbackRefused, VersionNotFound, type PublishedVersions } from '../../editor/server/published-versions.ts'
import { configOfText, describeChange, summarizeChange } from '../../publish/change-summary.ts'
import { codeBuildIdentity, forgetBuildsOfOtherCode } from '../../publish/built-for-code.ts'
import { contentBuildProcess } from '../../publish/content-build-process.ts'
import { mirrorPictures } from '../../publish/picture-mirror.ts'
import { NothingToRestore, PageNotFound } from '../../publish/page-restore.ts'
import { publishWatcher } from '../../publish/publish-progress.ts'
import { createPublisher, VersionNotFound as UnknownVersion } from '../../publish/publisher.ts'
import { refreshSitePublic } from '../../publish/site-public.ts'
import { versionHistory } from '../../publish/version-history.ts'
import { PublishConflict, type VersionMeta } from '../../publish/version-store.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import { DEPLOYED_VERSION } from '../../site/version-changes.ts'
import type { Logger } from '../../ground/log.ts'
import type { SiteHolder } from '../static/site-holder.ts'
import type { AuditTrail } from '../editor-access/audit-trail.ts'
import { publishedAlready, publishScheduled } from '../../editor/server/drafts/scheduled-publish.ts'
import { mailScheduleFailure } from '../../editor/server/drafts/schedule-failure-mail.ts'
import { createDraftScheduler } from '../../publish/draft-schedules.ts'
import { openDraftStore, openScheduleClaims, openVersionStore } from './version-store-service.ts'

export interface PublishingOptions {
  /** CONTENT_DIR: the versions (without Redis), the uploaded pictures' mirror, the built versions. */
  contentDir: string
  /** EDITOR_VERSIONS_KEPT */
  versionsKept: number
  /** EDITOR_DRAFTS_MAX */
  draftsMax: number
  /** EDITOR_BUILT_KEPT */
  builtKept: number
  /** REDIS_URL: versions and pictures shared by every instance. */
  redisUrl?: string | undefined
  /** The code build's site (DIST_DIR). */
  distDir: string
  /** The project's build/ folder (its own by default): render/ (the content build's inputs), editor/ (the editor's pages), server/ (the content build command). */
  buildDir?: string
  site: SiteHolder
  log: Logger
  /** The audit trail the access layer keeps (editor-access-service.ts), shown to admins. */
  auditTrail?: AuditReader & Partial<Pick<AuditTrail, 'append'>>
  /** EDITOR_PREVIEW_LINK_DAYS */
  previewLinkDays: number
  /** The mail of drafts' reviews, through the forms' outbox (team-mail-service.ts). */
  teamMail?: TeamMail | undefined
  /** EDITOR_ORIGIN: the editor's link in a failed scheduled publish's mail. */
  editorOrigin?: string | undefined
}

/** Draft revisions each instance keeps built for their preview links: a team looks at a few drafts at a time. */
const PREVIEWS_KEPT = 10

const LABEL = 'site.config.json'

/**
 * The editor on the production server (EDITOR=on), wired: the editor's API over the published
 * version, the versions and the pictures (editor/server/), publishing and following the other
 * instances (publish/), the content build in a long-lived process of its own (content/), and the
 * switch of the served site. Starts on the current published version (building it here when this
 * instance has not yet), else on the code build's site.
 */
export async function startPublishing(options: PublishingOptions): Promise<{ editor: Koa.Middleware; preview: Koa.Middleware; close(): Promise<void> }> {
  const { contentDir, distDir, buildDir = path.join(root, 'build'), log } = options
  const instanceDir = path.join(contentDir, 'instance')
  const mirrorDir = path.join(instanceDir, 'pictures')
  const publicView = path.join(instanceDir, 'public')
  const code = readCodeBuild(path.join(buildDir, 'render'))
  const builtTextFile = path.join(distDir, builtSiteFiles.configText)
  if (!fs.existsSync(builtTextFile)) throw new Error(`${distDir} has no ${builtSiteFiles.configText}: it was built before publishing existed; run \`npm run build\` again.`)
  const builtText = fs.readFileSync(builtTextFile, 'utf8')
  // The forms this server's endpoints check and mail: those of the build (a publish may not change them).
  const formsOfServer = (JSON.parse(builtText) as { forms?: unknown }).forms ?? {}
  const checkOptions = async () => ({ publicDir: await publicDir(), formsOfServer })
  const store = openVersionStore({ contentDir, redisUrl: options.redisUrl, keep: options.versionsKept, log })
  const drafts = openDraftStore({ contentDir, redisUrl: options.redisUrl, log })
  // The site as deployed is dated by when the build wrote its config.
  const history = versionHistory({
    store,
    builtText,
    builtAt: fs.statSync(builtTextFile).mtime.toISOString(),
    // The publisher's reading: migrated in the checker's thread, each older version once.
    inTodaysFormat: (text, version) => publisher.textInTodaysFormat(text, version),
  })

  /** The public files as this instance knows them now: the build's, and every picture uploaded on any instance. */
  async function publicDir(): Promise<string> {
    await mirrorPictures(store, mirrorDir)
    refreshSitePublic({ codeDir: distDir, codeFiles: code.codeFiles, mirrorDir, dir: publicView })
    return publicView
  }
  const builder = contentBuildProcess({
    command: path.join(buildDir, 'server', 'content-build-service.js'),
    codeDir: distDir,
    renderDir: path.join(buildDir, 'render'),
    pictureDirs: [mirrorDir],
    pictureCacheDir: path.join(instanceDir, 'picture-cache'),
  })
  builder.warm()
  const publisher = createPublisher({
    store,
    // A rollback's check of an earlier text: in the checker's thread, off the event loop, as the editor's are.
    check: async (text) => checkTextInThread(text, LABEL, await checkOptions()),
    build: async (text, outDir, sameSiteIn, onto) => {
      const watcher = publishWatcher()
      await mirrorPictures(store, mirrorDir)
      const onProgress = (progress: ContentBuildProgress) => watcher({ step: 'building', ...progress })
      // Before the first publish, the site served is the code build's own.
      if (!sameSiteIn) return builder.build(text, outDir, { onto: onto ?? distDir, onProgress })
      // The same text's site, built here before: its files linked (no build), and the pictures uploaded since, as a build would.
      linkFiles(sameSiteIn, null, outDir)
      if (fs.existsSync(mirrorDir)) linkFiles(mirrorDir, null, outDir)
    },
    switchTo: async (dir) => options.site.switchTo(dir),
    // The editor's own audit line (with the signed-in account's address) says who published what.
    audit: () => undefined,
    log,
    workDir: instanceDir,
    builtKept: options.builtKept,
    builtText,
    migrate: migrateInThread,
  })
  fs.mkdirSync(instanceDir, { recursive: true })
  forgetBuildsOfOtherCode(path.join(instanceDir, 'built'), path.join(instanceDir, 'code-build'), codeBuildIdentity(code))
  await publisher
    .follow()
    .catch((error: unknown) => log.error({ reason: String(error) }, 'could not serve the current published version; serving the build until a retry succeeds'))

  /** The 409's words and what was published since the editor's base: who, when, and every change since. */
  async function conflictOf(base: string | null, current: VersionMeta | undefined): Promise<{ conflict: VersionMeta; message: string }> {
    const now = current ?? (await store.current())?.meta
    if (!now) throw new Error('A publish conflicted with no version current.')
    const [before, after] = await Promise.all([base ? store.get(base) : undefined, store.get(now.id)])
    const since = { ...now, summary: summarizeChange(configOfText(before?.configText ?? builtText), configOfText(after?.configText)!) }
    const message = `${now.author} published a new version of the site (${now.id}) after you opened the editor, so yours was not published over it. Your edits are still here: reload to see theirs, then publish again.`
    return { conflict: since, message }
  }

  const publishing: Publishing = {
    // A version stored before a format change is edited as today's (the publish stores it so).
    current: async () => {
      const current = await store.current()
      return current && { id: current.meta.id, text: await publisher.textInTodaysFormat(current.configText, current.meta.id) }
    },
    text: async (id) => {
      const text = (await store.get(id))?.configText
      return text === undefined ? undefined : publisher.textInTodaysFormat(text, id)
    },
    builtText: () => builtText,
    checkOptions,
    async publish(base, text, author) {
      try {
        // publishedDocument checked this text with the same options just before.
        const outcome = await publisher.publish({ base, configText: text, author, checked: true })
        if (outcome.status === 'refused') throw new Error(`The publish was refused by the check it had just passed: ${outcome.problems.join(' ')}`)
        changes.set(outcome.meta.id, describeChange(outcome.meta.summary))
        return { published: outcome.meta }
      } catch (error) {
        if (error instanceof PublishConflict) return conflictOf(base, error.current)
        throw error
      }
    },
  }

  /**
   * A rollback or page restore refused by publish/, in the editor's terms. A restore's conflict says
   * who published since the history was read (`base`), in its own words: there are no edits to keep.
   */
  async function editorRefusal(error: unknown, restoreOn?: { base: string | null }): Promise<never> {
    if (error instanceof UnknownVersion && restoreOn)
      throw new VersionNotFound('That version is no longer kept (only the last ones are), so the page cannot be put back as it was then.')
    if (error instanceof UnknownVersion || error instanceof PageNotFound) throw new VersionNotFound(error.message)
    if (error instanceof NothingToRestore) throw new RestoreRefused(error.message)
    if (error instanceof PublishConflict) {
      const { message, conflict } = await conflictOf(restoreOn?.base ?? null, error.current)
      if (!restoreOn) throw new ConflictError(message, conflict)
      throw new ConflictError(
        `${conflict.author} published a new version of the site meanwhile, so nothing was restored. The history shows it now: restore the page again if it is still wanted.`,
        conflict,
      )
    }
    throw error
  }

  const versions: PublishedVersions = {
    list: () => store.list(),
    deployed: history.deployed,
    async rollback(id, author) {
      try {
        const outcome = await publisher.rollback(id, author)
        if (outcome.status === 'refused') throw new RollbackRefused(id, outcome.problems)
        changes.set(outcome.meta.id, describeChange(outcome.meta.summary))
        return outcome.meta
      } catch (error) {
        return editorRefusal(error)
      }
    },
    configText: async (id) => (id === 'current' ? ((await store.current())?.configText ?? builtText) : id === DEPLOYED_VERSION ? builtText : (await store.get(id))?.configText),
    changes: history.changes,
    pageHistory: history.pageHistory,
    async restorePage(request) {
      try {
        const outcome = await publisher.restorePage(request)
        if (outcome.status === 'refused')
          throw new RestoreRefused(
            `The page was not restored: as it was then, it does not pass the check now (${outcome.problems.length === 1 ? 'one problem' : `${outcome.problems.length} problems`}).`,
            outcome.problems,
          )
        changes.set(outcome.meta.id, describeChange(outcome.meta.summary))
        return outcome.meta
      } catch (error) {
        return editorRefusal(error, request)
      }
    },
  }

  const pictures: PictureFolder = {
    publicDir: publicView,
    async create(relativePath, bytes) {
      if (fs.existsSync(path.join(await publicDir(), relativePath))) return false
      await store.putPicture(relativePath, bytes)
      await publicDir()
      return true
    },
    async remove(relativePath) {
      if (!(await store.listPictures()).some((picture) => picture.path === relativePath))
        throw new Error(`${relativePath} came with the site's build: it can be removed from the repository's public/ folder, not here.`)
      await store.removePicture(relativePath)
      await publicDir()
    },
  }
  await publicDir()

  /** What each version made here changed, for its audit line (the editor's hook knows the id only). */
  const changes = new Map<string, string>()
  const document = publishedDocument(publishing, LABEL)
  const scheduler = createDraftScheduler({
    store: drafts,
    claims: openScheduleClaims({ contentDir, redisUrl: options.redisUrl, log }),
    publish: publishScheduled(document),
    publishedAlready: publishedAlready(document),
    // No request to take the address from: the trail names the scheduler as where it came from.
    onRan: (draft, outcome) => {
      void mailScheduleFailure(options.teamMail, draft, outcome, options.editorOrigin).catch((error: unknown) =>
        log.error({ draft: draft.id, reason: String(error) }, 'could not queue the mail of a failed scheduled publish'),
      )
      void options.auditTrail
        ?.append?.({
          at: outcome.ranAt,
          event: 'scheduled-publish',
          account: draft.schedule?.by ?? draft.author,
          address: 'scheduler',
          details: { draft: draft.id, name: draft.name, outcome: outcome.status, ...(outcome.status === 'published' ? { version: outcome.version } : { reason: outcome.words }) },
        })
        .catch((error: unknown) => log.error({ reason: String(error) }, 'could not write the audit line of a scheduled publish'))
    },
    log,
  })
  // Not awaited: a schedule due while the server was down publishes while the server starts serving.
  void scheduler.start()
  const editor = productionEditor({
    document,
    builtDir: path.join(buildDir, 'editor'),
    pictures,
    versions,
    drafts: { store: drafts, max: options.draftsMax, previewLinkDays: options.previewLinkDays, mail: options.teamMail },
    schedules: { onChange: scheduler.changed },
    auditDetails: (version) => ({ change: changes.get(version) ?? '' }),
    ...(options.auditTrail ? { auditTrail: options.auditTrail } : {}),
  })
  // A preview is built as a publish builds (checked, then the content build's process), onto the code build's site.
  const previews = previewBuilds({
    dir: path.join(instanceDir, 'previews'),
    check: async (text) => checkTextInThread(text, LABEL, await checkOptions()),
    build: async (text, outDir) => {
      await mirrorPictures(store, mirrorDir)
      await builder.build(text, outDir, { onto: distDir })
    },
    read: (dir) => readBuiltSite(dir),
    kept: PREVIEWS_KEPT,
  })
  return {
    editor,
    preview: previewSite({ store: drafts, siteOf: previews.siteOf }),
    async close() {
      await scheduler.close()
      await publisher.close()
      await builder.close()
      await store.close()
      await drafts.close()
    },
  }
}
