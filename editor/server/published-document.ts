import { checkDraftInThread } from './checker-thread.ts'
import { ConflictError, type EditorDocument } from './editor-document.ts'
import type { VersionMeta } from './published-versions.ts'

/** The editor's version name for the config the site was built from, before anything is published. */
export const BUILT_VERSION = 'built'

/** What the published document needs of publishing (publish/, wired by the server's composition root). */
export interface Publishing {
  /** The current published version, undefined before the first publish. */
  current(): Promise<{ id: string; text: string } | undefined>
  /** A kept version's text. */
  text(id: string): Promise<string | undefined>
  /** The config the code build's site was built from: what the first publish starts from. */
  builtText(): string
  /** What the checker checks a publish against: the public folder (brought up to date with uploads on every instance) and the forms the server runs. */
  checkOptions(): Promise<{ publicDir: string; formsOfServer: unknown }>
  /** Publishes `text`, which has just passed the check with checkOptions(), on top of `base` (null: on top of the build's config) as `author`. */
  publish(base: string | null, text: string, author: string): Promise<{ published: VersionMeta } | { conflict: VersionMeta; message: string }>
}

/**
 * The config as the production editor sees it: the current published version (or the build's
 * config before any), and a save publishes, as the signed-in account, onto the version the editor
 * loaded; a version published meanwhile by someone else is a conflict, never overwritten.
 */
export function publishedDocument(publishing: Publishing, label = 'site.config.json'): EditorDocument {
  async function baseText(version: string): Promise<string> {
    if (version === BUILT_VERSION) return publishing.builtText()
    const text = await publishing.text(version)
    if (text === undefined) throw new ConflictError(`Version ${version}, which this editor was opened on, is no longer kept. Reload to edit the current version.`)
    return text
  }
  const check = async (version: string, config: unknown) => checkDraftInThread(await baseText(version), config, label, await publishing.checkOptions())

  return {
    async load() {
      const current = await publishing.current()
      const text = current?.text ?? publishing.builtText()
      return { version: current?.id ?? BUILT_VERSION, config: JSON.parse(text) as unknown, label }
    },
    check,
    async save(version, config, author) {
      if (!author) throw new Error('A publish needs the signed-in account as its author.')
      const { text, problems, problemCount } = await check(version, config)
      if (problemCount > 0) return { version, problems, problemCount }
      const outcome = await publishing.publish(version === BUILT_VERSION ? null : version, text, author)
      if ('conflict' in outcome) throw new ConflictError(outcome.message, outcome.conflict)
      return { version: outcome.published.id, problems: [], problemCount: 0 }
    },
  }
}
