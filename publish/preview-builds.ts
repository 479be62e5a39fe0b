import { randomUUID } from 'node:crypto'
import { readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureDirectory, isTemporaryName, pathExists } from '../ground/durable-files.ts'
import type { TeamDraft } from './draft-store.ts'

/** A draft that would not publish (it does not pass the check): its preview says so instead of showing half a site. */
export class PreviewNotBuilt extends Error {}

export interface PreviewBuildsOptions<Site> {
  /** This instance's folder of previews (`CONTENT_DIR/instance/previews`), one folder per draft revision. */
  dir: string
  /** The publisher's check of a config text: its problems, none when it would publish. */
  check(configText: string): Promise<string[]>
  /** The content build a publish runs, into an empty folder (in its own process: the event loop stays free). */
  build(configText: string, outDir: string): Promise<void>
  /** A built folder read as the server serves it. */
  read(dir: string): Promise<Site>
  /** Revisions kept built (and read) at once; the oldest go first. */
  kept: number
}

/**
 * The drafts' sites as publishing them would build them, each built once per draft revision into
 * `<dir>/<draft>-<revision>` (in a temporary folder first, so a half-built one never carries the
 * name), read once and kept for the next visitor of its link. Bounded: the newest `kept` stay.
 */
export function previewBuilds<Site>({ dir, check, build, read, kept }: PreviewBuildsOptions<Site>) {
  const sites = new Map<string, Promise<Site>>()

  async function prune(): Promise<void> {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => !isTemporaryName(name))
    const dated = await Promise.all(names.map(async (name) => ({ name, at: (await stat(join(dir, name))).mtimeMs })))
    for (const { name } of dated.sort((a, b) => b.at - a.at).slice(kept)) {
      sites.delete(name)
      await rm(join(dir, name), { recursive: true, force: true })
    }
  }

  async function builtSite(draft: TeamDraft, name: string): Promise<Site> {
    const folder = join(dir, name)
    if (!(await pathExists(folder))) {
      const text = `${JSON.stringify(draft.config, null, 2)}\n`
      const problems = await check(text)
      if (problems.length > 0)
        throw new PreviewNotBuilt(
          `The draft “${draft.name}” does not pass the site’s check yet (${problems.length === 1 ? 'one problem' : `${problems.length} problems`}), so it could not be published as it is, and there is no preview of it: ${problems[0]} The team sees the problems in the editor; open the link again once they are fixed.`,
        )
      await ensureDirectory(dir)
      const temporary = join(dir, `.build-${randomUUID()}`)
      try {
        await build(text, temporary)
        await rename(temporary, folder)
      } finally {
        await rm(temporary, { recursive: true, force: true })
      }
    }
    const site = await read(folder)
    await prune()
    return site
  }

  return {
    /** The draft's site at its current revision, built when no visitor asked for it before. */
    siteOf(draft: TeamDraft): Promise<Site> {
      const name = `${draft.id}-${draft.revision}`
      let site = sites.get(name)
      if (!site) {
        site = builtSite(draft, name)
        sites.set(name, site)
        // A failed build (a full disk, the build's process stopped) is tried again by the next visitor.
        site.catch(() => sites.delete(name))
      }
      return site
    },
  }
}
