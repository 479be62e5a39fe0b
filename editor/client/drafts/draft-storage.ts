import type { SiteConfig } from '../../../site/generated/site-config'

/**
 * Unsaved edits kept in the browser (localStorage) until they are saved or discarded, so a crash,
 * a closed tab or a reload loses nothing. A draft is keyed by the file's label and the version of
 * the file it was made from: it can be put back only onto that same text (the server refuses to
 * save edits onto a file that changed since).
 *
 * Written here rather than with @mantine/hooks' useLocalStorage: that hook holds one key's value
 * as React state and drops a write the browser refuses with a console warning, while a draft is
 * written on its own schedule, under a key that changes with each save, and a refused write (a
 * full storage) must make room or be told to the author.
 */

export interface KeptDraft {
  label: string
  version: string
  config: SiteConfig
  /** When it was kept (ms since 1970). */
  keptAt: number
}

const prefix = 'site-editor-draft:'
const keyOf = (label: string, version: string) => `${prefix}${JSON.stringify([label, version])}`

/** The browser's localStorage, or null where it is blocked (reading it throws in some privacy settings). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

function parse(text: string | null): KeptDraft | null {
  if (text === null) return null
  try {
    const draft = JSON.parse(text) as KeptDraft
    return draft && typeof draft.config === 'object' && draft.config !== null && typeof draft.version === 'string' ? draft : null
  } catch {
    return null
  }
}

function keys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key?.startsWith(prefix) ?? false)
}

/** Every draft kept for this file: the one of `version`, and any of other versions (made before the file changed). */
export function findDrafts(storage: Storage, label: string, version: string): { same: KeptDraft | null; older: KeptDraft[] } {
  const drafts = keys(storage)
    .map((key) => parse(storage.getItem(key)))
    .filter((draft): draft is KeptDraft => draft?.label === label)
  return { same: drafts.find((draft) => draft.version === version) ?? null, older: drafts.filter((draft) => draft.version !== version) }
}

/**
 * Keeps the draft; when the storage is full, makes room by dropping the oldest drafts of other
 * versions or files first. Returns false when it still cannot be kept.
 */
export function keepDraft(storage: Storage, draft: KeptDraft): boolean {
  const text = JSON.stringify(draft)
  const key = keyOf(draft.label, draft.version)
  const others = keys(storage)
    .filter((other) => other !== key)
    .map((other) => ({ key: other, keptAt: parse(storage.getItem(other))?.keptAt ?? 0 }))
    .sort((a, b) => a.keptAt - b.keptAt)
  for (;;) {
    try {
      storage.setItem(key, text)
      return true
    } catch {
      const oldest = others.shift()
      if (!oldest) return false
      storage.removeItem(oldest.key)
    }
  }
}

export function dropDraft(storage: Storage, label: string, version: string): void {
  storage.removeItem(keyOf(label, version))
}
