import { useWindowEvent } from '@mantine/hooks'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { dropDraft, findDrafts, keepDraft, type KeptDraft } from './draft-storage'

/** How long typing pauses before the draft is written again; leaving the page writes it at once. */
const keepDelayMs = 300

export interface DraftKeepingInput {
  storage: Storage | null
  label: string
  /** The version of the file the draft is made from. */
  version: string
  config: SiteConfig
  dirty: boolean
  restoreDraft(config: SiteConfig): void
}

/**
 * Keeps the unsaved draft in the browser while it differs from the file, drops it once saved or
 * undone back to the file, and asks before the page is left with unsaved edits. Drafts found
 * when the editor opened are offered: the one of this very file version to restore or discard,
 * those of older versions (the file changed since) to download or discard. Until the author has
 * answered, nothing is written over them.
 */
export function useDraftKeeping({ storage, label, version, config, dirty, restoreDraft }: DraftKeepingInput) {
  // Looked up once, for the file as it opened: a later version is one this page saved itself.
  const [found, setFound] = useState(() => {
    const drafts = storage ? findDrafts(storage, label, version) : { same: null, older: [] }
    // A draft equal to the file (saved from another tab) has nothing to give back.
    return JSON.stringify(drafts.same?.config) === JSON.stringify(config) ? { ...drafts, same: null } : drafts
  })
  const [keepingFailed, setKeepingFailed] = useState(false)
  const written = useRef<{ label: string; version: string } | null>(null)
  const answering = found.same !== null

  const latest = useRef({ label, version, config, dirty, answering })
  useEffect(() => {
    latest.current = { label, version, config, dirty, answering }
  })

  const keepNow = useCallback(() => {
    const now = latest.current
    if (!storage || now.answering) return
    if (!now.dirty) {
      dropDraft(storage, now.label, now.version)
    } else {
      setKeepingFailed(!keepDraft(storage, { label: now.label, version: now.version, config: now.config, keptAt: Date.now() }))
    }
    // A draft of the version before a save is what was saved.
    const previous = written.current
    if (previous && (previous.label !== now.label || previous.version !== now.version)) dropDraft(storage, previous.label, previous.version)
    written.current = now.dirty ? { label: now.label, version: now.version } : null
  }, [storage])

  // keepNow reads the latest values from its ref; these are what make a new draft to keep.
  useEffect(() => {
    if (answering) return
    const timer = setTimeout(keepNow, dirty ? keepDelayMs : 0)
    return () => clearTimeout(timer)
  }, [keepNow, config, dirty, version, label, answering])

  useWindowEvent('beforeunload', (event) => {
    keepNow()
    if (!latest.current.dirty) return
    // The browser's own "Leave site?" question; its words are the browser's.
    event.preventDefault()
  })

  return {
    /** A draft of this file version, waiting for restore or discard. */
    offered: found.same,
    /** Drafts of earlier versions of the file, which can no longer be put back onto it. */
    older: found.older,
    /** Whether the browser refused to keep the draft (storage full or blocked). */
    keepingFailed: keepingFailed || storage === null,
    restore() {
      if (found.same) restoreDraft(found.same.config)
      setFound({ ...found, same: null })
    },
    discard() {
      if (storage && found.same) dropDraft(storage, found.same.label, found.same.version)
      setFound({ ...found, same: null })
    },
    forgetOlder(draft: KeptDraft) {
      if (storage) dropDraft(storage, draft.label, draft.version)
      setFound({ ...found, older: found.older.filter((other) => other !== draft) })
    },
  }
}
