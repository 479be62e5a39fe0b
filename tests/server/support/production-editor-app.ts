import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { configDocument } from '../../../editor/server/config-document.ts'
import { ConflictError, type EditorDocument } from '../../../editor/server/editor-document.ts'
import { publicPictureFolder, type PictureFolder } from '../../../editor/server/media/picture-folder.ts'
import { productionEditor } from '../../../editor/server/production-editor.ts'
import { RestoreRefused, VersionNotFound, type PublishedVersions, type RestorePageRequest, type VersionMeta } from '../../../editor/server/published-versions.ts'
import { NothingToRestore, PageNotFound, restorePage } from '../../../publish/page-restore.ts'
import { versionHistory } from '../../../publish/version-history.ts'
import { createFolderDraftStore } from '../../../publish/folder-draft-store.ts'
import { createDraftScheduler } from '../../../publish/draft-schedules.ts'
import { folderScheduleClaims } from '../../../publish/schedule-claims.ts'
import { publishedAlready, publishScheduled } from '../../../editor/server/drafts/scheduled-publish.ts'
import { mailScheduleFailure } from '../../../editor/server/drafts/schedule-failure-mail.ts'
import type { VersionStore } from '../../../publish/version-store.ts'
import type { SiteConfig } from '../../../site/generated/site-config.ts'
import { DEPLOYED_VERSION } from '../../../site/version-changes.ts'
import { createApp } from '../../../server/compose/app.ts'
import type { AuditTrail } from '../../../server/editor-access/audit-trail.ts'
import { editorAccess, type EditorAccess } from '../../../server/editor-access/editor-access.ts'
import { memoryLog } from '../../../ground/log.ts'
import { buildEditorClient } from '../../../scripts/lib/build-editor.ts'
import { root } from '../../../scripts/lib/paths.ts'
import { accountsFileWith, PASSWORD_LINK_HOURS, TEST_SCRYPT_COST } from './editor-access-app.ts'
import { makeTinyDist, tinyBuild } from './tiny-site.ts'
import type { TeamMail } from '../../../editor/server/drafts/team-mail.ts'
import { previewSite } from '../../../editor/server/drafts/preview-site.ts'
import { previewBuilds } from '../../../publish/preview-builds.ts'
import { loadBuiltSite } from '../../../server/static/load-site.ts'

const MINUTE = 60_000
/** EDITOR_ORIGIN as these tests set it: the link in the team's mail. */
export const EDITOR_ORIGIN = 'https://site.example'

/** The built editor, once per test file (about 3 s), in a temporary folder. */
export async function builtEditor(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-editor-'))
  await buildEditorClient({ outDir: dir })
  return dir
}

/** A folder shaped like the built editor, for tests that never ask for its pages: building it takes seconds. */
export function builtEditorStandIn(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-editor-stand-in-'))
  fs.mkdirSync(path.join(dir, 'preview'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Editor</title>')
  fs.writeFileSync(path.join(dir, 'preview', 'index.html'), '<!doctype html><title>Page preview</title>')
  return dir
}

const emptySummary = { routes: { added: [], removed: [], changed: [] }, site: [] }
/** When the test's site as deployed was built. */
export const DEPLOYED_AT = '2026-01-01T08:00:00.000Z'

/**
 * Published versions kept in memory, over a config file in a temporary folder: what the lead's
 * publisher does, reduced to what the editor sees (a save is a new version by its author; a
 * conflict names the version published meanwhile; a rollback republishes an old text; a page
 * restore is publish/'s own edit, and the history publish/'s own).
 */
function memoryPublisher(configFile: string, publicDir: string) {
  const file = configDocument({ file: configFile, label: 'site.config.json', publicDir })
  const published: { meta: VersionMeta; text: string }[] = []
  const saves: { author: string | undefined; version: string }[] = []
  const rollbacks: { id: string; author: string }[] = []
  const add = (text: string, author: string, extra: Partial<VersionMeta> = {}) => {
    const meta: VersionMeta = {
      id: `v${published.length + 1}`,
      author,
      publishedAt: new Date(Date.UTC(2026, 0, 1, 9, published.length)).toISOString(),
      base: published.at(-1)?.meta.id ?? null,
      summary: published.length ? { routes: { added: [], removed: [], changed: [{ path: '/', what: ['title'] }] }, site: ['site'] } : emptySummary,
      ...extra,
    }
    published.push({ meta, text })
    fs.writeFileSync(configFile, text)
    return meta
  }
  // The config as the test starts is the site as deployed, and also its first version (v1).
  const deployedText = fs.readFileSync(configFile, 'utf8')
  add(deployedText, 'setup')
  const restores: RestorePageRequest[] = []
  // The file's document names a version by its text's hash (config-document.ts), where the publisher names it v1, v2…: either finds it.
  const fileVersionOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16)
  const textOf = (id: string) => (id === DEPLOYED_VERSION ? deployedText : published.find((entry) => entry.meta.id === id || fileVersionOf(entry.text) === id)?.text)
  // The real history of publish/, over the versions in memory.
  const asStored = (entry: { meta: VersionMeta; text: string } | undefined) => entry && { meta: entry.meta, configText: entry.text }
  const history = versionHistory({
    store: {
      list: async () => published.map((entry) => entry.meta).reverse(),
      current: async () => asStored(published.at(-1)),
      get: async (id: string) => asStored(published.find((entry) => entry.meta.id === id)),
    } as Partial<VersionStore> as VersionStore,
    builtText: deployedText,
    builtAt: DEPLOYED_AT,
  })

  const document: EditorDocument = {
    load: () => file.load(),
    check: (version, config) => file.check(version, config),
    async save(version, config, author) {
      try {
        const saved = await file.save(version, config)
        if (saved.problems.length === 0) {
          saves.push({ author, version: saved.version })
          add(fs.readFileSync(configFile, 'utf8'), author ?? 'nobody')
        }
        return saved
      } catch (error) {
        if (error instanceof ConflictError) throw new ConflictError('Someone published since you loaded the site.', published.at(-1)!.meta)
        throw error
      }
    },
  }
  const versions: PublishedVersions = {
    list: async () => published.map((entry) => entry.meta).reverse(),
    deployed: history.deployed,
    async rollback(id, author) {
      const old = textOf(id)
      if (old === undefined) throw new VersionNotFound(`There is no version ${id}.`)
      rollbacks.push({ id, author })
      return add(old, author, { rollbackOf: id })
    },
    configText: async (id) => (id === 'current' ? published.at(-1)?.text : textOf(id)),
    changes: history.changes,
    pageHistory: history.pageHistory,
    // publish/'s restore edit, without the checker (the publisher's own tests check a restore).
    async restorePage(request) {
      const from = textOf(request.id)
      if (from === undefined) throw new VersionNotFound(`There is no version ${request.id}.`)
      const current = published.at(-1)!
      if (current.meta.id !== request.base) throw new ConflictError('Someone published since you loaded the site.', current.meta)
      try {
        const restored = restorePage(current.text, JSON.parse(from) as SiteConfig, request)
        restores.push(request)
        return add(restored.text, request.author, { restoredPage: { path: restored.path, from: request.id } })
      } catch (error) {
        if (error instanceof PageNotFound) throw new VersionNotFound(error.message)
        if (error instanceof NothingToRestore) throw new RestoreRefused(error.message)
        throw error
      }
    },
  }
  return { document, versions, saves, rollbacks, restores, published }
}

/** A picture folder over a temporary public folder that records each change, as the content store's would. */
function recordingPictures(publicDir: string) {
  const inner = publicPictureFolder(publicDir)
  const changes: string[] = []
  const pictures: PictureFolder = {
    publicDir,
    async create(relativePath, bytes) {
      const created = await inner.create(relativePath, bytes)
      if (created) changes.push(`create ${relativePath}`)
      return created
    },
    async remove(relativePath) {
      changes.push(`remove ${relativePath}`)
      await inner.remove(relativePath)
    },
  }
  return { pictures, changes }
}

/**
 * The production composition the lead engineer wires in server/compose/main.ts, on test doubles: the real
 * access layer (a temporary accounts file) with productionEditor as its `editor`, the built
 * editor, a copy of the project's config published in memory, a temporary public folder; with
 * `auditTrail`, the audit trail kept there and read by the editor's audit API, as main.ts wires it.
 */
export async function productionEditorApp(
  builtDir: string,
  {
    auditTrail,
    accountsFile: givenAccountsFile,
    draftsMax = 50,
    now = Date.now,
    mail,
  }: {
    auditTrail?: AuditTrail
    accountsFile?: string
    draftsMax?: number
    mail?: TeamMail
    /** The scheduled publishes' and preview links' clock (a test clock). */ now?: () => number
  } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'production-editor-'))
  const publicDir = path.join(dir, 'public')
  fs.cpSync(path.join(root, 'public'), publicDir, { recursive: true })
  const configFile = path.join(dir, 'site.config.json')
  fs.copyFileSync(path.join(root, 'site.config.json'), configFile)

  const publisher = memoryPublisher(configFile, publicDir)
  const media = recordingPictures(publicDir)
  const { log, entries } = memoryLog('info')
  const trail = auditTrail ? { auditTrail } : {}
  const drafts = createFolderDraftStore({ dir: path.join(dir, 'content', 'drafts') })
  // The scheduled publishes as the composition runs them, on the same drafts and document: claims in the content folder.
  const scheduler = createDraftScheduler({
    store: drafts,
    claims: folderScheduleClaims(path.join(dir, 'content', 'schedules')),
    publish: publishScheduled(publisher.document),
    publishedAlready: publishedAlready(publisher.document),
    onRan: async (draft, outcome) => void (await mailScheduleFailure(mail, draft, outcome, EDITOR_ORIGIN)),
    log,
    now,
  })
  const editor = productionEditor({
    document: publisher.document,
    builtDir,
    pictures: media.pictures,
    versions: publisher.versions,
    drafts: { store: drafts, max: draftsMax, previewLinkDays: 7, mail },
    schedules: { onChange: scheduler.changed, now },
    ...trail,
  })
  const accountsFile = givenAccountsFile ?? (await accountsFileWith())
  const access: EditorAccess = editorAccess({
    log,
    accountsFile,
    ...trail,
    sessionTimes: { idleMs: 30 * MINUTE, maxMs: 12 * 60 * MINUTE },
    passwordLinkHours: PASSWORD_LINK_HOURS,
    scryptCost: TEST_SCRYPT_COST,
    editor,
  })
  // The site's pictures beside its pages, as a built site has them: the preview shows them from there.
  const distDir = makeTinyDist()
  fs.cpSync(publicDir, distDir, { recursive: true })
  // Previews built as publish/ builds them, the content build replaced by a page per route holding its title and first heading (the build's own tests build real sites).
  const previews = previewBuilds({
    dir: path.join(dir, 'content', 'previews'),
    check: async () => [],
    build: async (text, outDir) => tinyBuild(JSON.parse(text) as SiteConfig, outDir),
    read: async (folder) => loadBuiltSite(folder),
    kept: 3,
  })
  const app = createApp({ log, distDir, editor: access, preview: previewSite({ store: drafts, siteOf: previews.siteOf, now }) })
  return { app, http: request(app.callback()), publisher, media, entries, publicDir, drafts, scheduler, accountsFile, configFile }
}
