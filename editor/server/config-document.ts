import crypto from 'node:crypto'
import fs from 'node:fs'
import { editFileLocked } from '../../authoring/config/config-edit.ts'
import { currentFormat } from '../../authoring/migrate/format-steps.ts'
import { migratedInMemory } from '../../authoring/migrate/migrate-config.ts'
import { checkDraftInThread } from './checker-thread.ts'
import { ConflictError, type CheckedDraft, type EditorDocument } from './editor-document.ts'

export interface EditedFile {
  /** The config file the dev server shows. */
  file: string
  /** How `npm run validate` names it in its messages. */
  label: string
  /** Where image paths are checked and picked from. */
  publicDir: string
}

const versionOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16)

/**
 * The config file as the editor sees it: each loaded text is kept under its version, so the
 * editor's unsaved config is always written onto the very text it started from (keeping every
 * untouched byte), and a save onto a file someone changed since is refused.
 */
export function configDocument(edited: EditedFile): EditorDocument {
  const texts = new Map<string, string>()
  const remember = (text: string) => {
    const version = versionOf(text)
    texts.delete(version)
    texts.set(version, text)
    // A handful is plenty: only the version an open editor loaded last is ever asked for.
    for (const old of texts.keys()) if (texts.size > 8) texts.delete(old)
    return version
  }

  function baseText(version: string): string {
    const text = texts.get(version)
    if (text === undefined) throw new ConflictError(`${edited.label} was loaded by an earlier run of the dev server. Reload to edit the file as it is now.`)
    return text
  }

  /** The file's text as a save would write it, and the checker's problems with it (in the checker's thread). */
  const check = async (version: string, config: unknown): Promise<CheckedDraft> => checkDraftInThread(baseText(version), config, edited.label, { publicDir: edited.publicDir })

  return {
    async load() {
      const text = fs.readFileSync(edited.file, 'utf8')
      return { version: remember(text), config: JSON.parse(text) as unknown, label: edited.label }
    },
    check,
    /** Writes the config when it has no problems and the file is still the loaded version, of today's format. */
    async save(version, config) {
      // Written onto an older format, the save would half-migrate the file behind the person's back.
      const { from } = migratedInMemory(baseText(version), edited.label)
      if (from !== undefined) throw olderFormatRefusal(edited.label, from)
      const { text, problems, problemCount } = await check(version, config)
      if (problemCount > 0) return { version, problems, problemCount }
      // The read, the comparison and the write: one uninterrupted step under the file's lock.
      editFileLocked(edited.file, (current) => {
        if (versionOf(current) !== version) {
          throw new ConflictError(
            `${edited.label} was changed on disk since the editor loaded it (in a text editor?), so Save did not overwrite it. Your edits are still here; reload to see the file's new version.`,
          )
        }
        return text
      })
      return { version: remember(text), problems: [], problemCount: 0 }
    },
  }
}

/** The editor's refusal to save over a file of an older config format: what to run instead (a 409 in the file's words). */
function olderFormatRefusal(label: string, from: number): Error {
  const message = `Not saved: ${label} is written in an older config format (format ${from}; this version reads format ${currentFormat}), and the editor does not save over it. Run \`npm run migrate -- ${label}\` in a terminal first (it updates the file, changing only what it must), then reload the editor. Edits made here before reloading are not kept.`
  return Object.assign(new Error(message), { status: 409, expose: true })
}
