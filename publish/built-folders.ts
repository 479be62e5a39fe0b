import { randomUUID } from 'node:crypto'
import { readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { ensureDirectory, isOutOfSpace, isTemporaryName, listNames, pathExists } from '../ground/durable-files.ts'
import type { Logger } from '../ground/log.ts'
import { builtSiteFiles } from '../site/built-site-files.ts'

export interface BuiltFoldersOptions {
  /**
   * The content build of `configText` into `outDir` (an empty folder it fills). `sameSiteIn`: a
   * folder this instance built earlier from the very same text (the version a rollback puts back),
   * whose files may be linked instead of built again. `onto`: the folder of the version served here
   * (undefined before the first), whose pages the new text leaves as they are may be linked instead
   * of rendered again.
   */
  build: (configText: string, outDir: string, sameSiteIn?: string, onto?: string) => Promise<void>
  log: Logger
  /** This instance's own folder for built versions (`<workDir>/built/<id>`). */
  workDir: string
  /**
   * How many built versions are kept besides the one served and the one served just before
   * (EDITOR_BUILT_KEPT): a rollback to one of them links its files instead of building. Each is a
   * whole site's pages, where a version kept as text is one file: a rollback to a version whose
   * built folder is gone builds it again.
   */
  builtKept: number
}

/**
 * This instance's built versions, `<workDir>/built/<id>`: each built in a temporary folder beside
 * them (`.build-<uuid>`), so a half-built folder never carries a version's name, then named. What
 * is on disk stays bounded: a temporary folder no build of this process is writing was left by one
 * that stopped (a crash, a kill) and is removed at start, after a failure and at each prune; of the
 * versions, only the served ones and the newest `builtKept` others are kept.
 */
export function builtFolders({ build, log, workDir, builtKept }: BuiltFoldersOptions) {
  const root = join(workDir, 'built')
  const dirOf = (id: string) => join(root, id)
  /** Temporary folders a build of this process is writing now. */
  const building = new Set<string>()

  async function removeUnfinished(): Promise<void> {
    for (const name of await listNames(root)) {
      const path = join(root, name)
      if (isTemporaryName(name) && !building.has(path)) await rm(path, { recursive: true, force: true })
    }
  }
  const startedClean = removeUnfinished().catch((error: unknown) => log.warn({ reason: String(error) }, 'could not remove unfinished builds'))

  async function discard(temporary: string): Promise<void> {
    building.delete(temporary)
    await rm(temporary, { recursive: true, force: true }).catch(() => undefined)
  }

  async function buildInto(run: (temporary: string) => Promise<void>): Promise<string> {
    const temporary = join(root, `.build-${randomUUID()}`)
    building.add(temporary)
    try {
      await run(temporary)
      return temporary
    } catch (error) {
      await discard(temporary)
      throw error
    }
  }

  /**
   * The folder of version `id` when this instance built it and it holds the site of `configText`.
   * A rollback publishes an earlier version's text again: rebuilding it on every instance at once
   * (several builds sharing a machine's cores) took longer than the 5 s in which every instance
   * must serve a new version, though the site is the one each of them built before.
   */
  async function builtFrom(configText: string, id: string | undefined): Promise<string | undefined> {
    if (id === undefined) return undefined
    const text = await readFile(join(dirOf(id), builtSiteFiles.configText), 'utf8').catch(() => undefined)
    return text === configText ? dirOf(id) : undefined
  }

  return {
    dirOf,
    /** Resolves once the unfinished folders found at start are removed. */
    ready: startedClean,

    /**
     * Builds `configText` into a new temporary folder, linking the files of `sameAs`'s built folder
     * when it holds the same site, else onto `onto`'s built folder when it is still here.
     */
    async build(configText: string, sameAs?: string, onto?: string): Promise<string> {
      await startedClean
      await ensureDirectory(root)
      const earlier = await builtFrom(configText, sameAs)
      const ontoDir = onto !== undefined && (await pathExists(dirOf(onto))) ? dirOf(onto) : undefined
      if (earlier) {
        try {
          return await buildInto((temporary) => build(configText, temporary, earlier, ontoDir))
        } catch (error) {
          if (isOutOfSpace(error)) throw error
          // Pruned meanwhile (it is no longer kept): a build from the text does the same.
          log.warn({ reason: String(error), version: sameAs }, 'could not reuse the built folder of the version rolled back to; building it again')
        }
      }
      return buildInto((temporary) => build(configText, temporary, undefined, ontoDir))
    },

    /** Gives a finished build its version's name (replacing a folder of that name a crash left); removed when that fails. */
    async name(temporary: string, id: string): Promise<void> {
      try {
        await rm(dirOf(id), { recursive: true, force: true })
        await rename(temporary, dirOf(id))
      } finally {
        await discard(temporary)
      }
    },

    discard,

    /** Keeps the built folders of `served` and the newest `builtKept` other versions of `inStore`; nothing else. */
    async prune(served: Array<string | undefined>, inStore: Set<string>): Promise<void> {
      const names = await listNames(root)
      const others = names.filter((name) => inStore.has(name) && !served.includes(name)).sort((a, b) => (a < b ? 1 : -1))
      const kept = new Set([...served, ...others.slice(0, builtKept)])
      for (const name of names) if (!isTemporaryName(name) && !kept.has(name)) await rm(join(root, name), { recursive: true, force: true })
      await removeUnfinished()
    },
  }
}
