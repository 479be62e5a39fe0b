import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react'
import { fieldLabel, fieldWritesBetween } from '../../draft-fields'
import type { Role } from '../../../site/editor-roles'
import {
  createDraft,
  deleteDraft,
  lookAtDraft,
  publishDraft,
  rebaseDraft,
  renameDraft,
  saveToDraft,
  type DraftMeta,
  type OpenDraft,
  type OthersField,
  type RebaseOutcome,
} from '../api/draft-api'
import type { PublishStep } from '../api/editor-api'
import { editorSession } from '../api/session'
import type { EditorHistory, HistoryAction } from './editor-history'

/** How long typing pauses before the edits go to the draft on the server. */
const SEND_DELAY_MS = 700
/** How often an open draft is asked for the others' saves: a few bytes while nothing changed. */
const LOOK_EVERY_MS = 2500
/** The draft open in this tab, so a reload goes on with it. */
const OPEN_KEY = 'site-editor-team-draft'

/** What the others saved to the open draft, as the notice names it. */
export interface OthersNotice {
  by: string[]
  fields: string[]
  /** Fields this person changed too, where the later save won. */
  overwritten: string[]
}

export type DraftSending = { kind: 'idle' | 'sending' | 'sent' } | { kind: 'unreachable' | 'refused'; message: string }

const sessionStore = () => {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

function noticeOf(config: unknown, others: OthersField[], overwritten: OthersField[] = []): OthersNotice | null {
  if (others.length === 0) return null
  const label = (field: OthersField) => fieldLabel(config, field.path)
  return { by: [...new Set(others.map((field) => field.by))], fields: [...new Set(others.map(label))], overwritten: [...new Set(overwritten.map(label))] }
}

/**
 * On a production server, the open config is a team draft on the server: every edit is sent to it
 * shortly after it is made (only the fields changed), the others' saves are asked for every few
 * seconds and merged into the open form (use-editor's history, `merged`), and Publish publishes
 * the draft. The first edit with no draft open starts one. While the server cannot be reached the
 * edits stay unsent (the browser keeps them, drafts/KeptDrafts) and go with the next try.
 */
export function useTeamDraft({
  enabled,
  history,
  dispatch,
  onRebased,
}: {
  enabled: boolean
  history: EditorHistory | null
  dispatch: Dispatch<HistoryAction>
  /** The open draft was moved onto the version published now, and opened so. */
  onRebased?: () => void
}) {
  const [open, setOpen] = useState<DraftMeta | null>(null)
  const [current, setCurrent] = useState<string>()
  const [notice, setNotice] = useState<OthersNotice | null>(null)
  const [rebased, setRebased] = useState<(RebaseOutcome & { version: string }) | null>(null)
  const [sending, setSending] = useState<DraftSending>({ kind: 'idle' })
  const [session, setSession] = useState<{ account: string; role: Role }>()
  const latest = useRef(history)
  const openRef = useRef(open)
  const inFlight = useRef<Promise<boolean> | null>(null)
  /** Why the last send failed, as the server answered (status 0: unreachable): what a Publish that could not send first says. */
  const unsent = useRef<{ status: number; message: string }>({ status: 0, message: 'the edits could not be saved to the draft first' })
  const refuse = useCallback((status: number, message: string) => {
    unsent.current = { status, message }
    setSending(status === 0 ? { kind: 'unreachable', message } : { kind: 'refused', message })
  }, [])
  useEffect(() => {
    latest.current = history
    openRef.current = open
  })
  useEffect(() => {
    if (enabled) void editorSession().then(setSession, () => undefined)
  }, [enabled])

  const adopt = useCallback((draft: DraftMeta) => {
    openRef.current = draft
    setOpen(draft)
    sessionStore()?.setItem(OPEN_KEY, draft.id)
  }, [])
  const showOpened = useCallback(
    (draft: OpenDraft, now?: string) => {
      adopt(draft)
      if (now) setCurrent(now)
      setNotice(null)
      setRebased(null)
      dispatch({ type: 'loaded', version: draft.base, config: draft.config })
    },
    [adopt, dispatch],
  )

  const forget = useCallback(() => {
    openRef.current = null
    setOpen(null)
    setRebased(null)
    sessionStore()?.removeItem(OPEN_KEY)
  }, [])

  /** Sends the unsent edits (starting a draft if none is open); true once the server has them all. */
  const send = useCallback(async (): Promise<boolean> => {
    const now = latest.current
    if (!now || now.draft === now.saved.config) return true
    let draft = openRef.current
    if (!draft) {
      const account = (await editorSession().catch(() => undefined))?.account ?? 'someone'
      const made = await createDraft(`${account}’s changes, ${new Date().toLocaleString()}`, { version: now.saved.version, config: now.saved.config }).catch(() => undefined)
      if (made?.status !== 201)
        return (refuse(made?.status ?? 0, made ? (made.body.message ?? `Starting a draft failed (${made.status}).`) : 'The server cannot be reached.'), false)
      adopt(made.body.draft)
      setCurrent(made.body.current)
      draft = made.body.draft
    }
    const sent = now.draft
    setSending({ kind: 'sending' })
    const answer = await saveToDraft(draft.id, draft.revision, fieldWritesBetween(now.saved.config, sent)).catch(() => undefined)
    if (!answer) return (refuse(0, 'The server cannot be reached: your edits are kept in this browser and sent when it answers.'), false)
    if (answer.status !== 200) {
      if (answer.status === 404) forget()
      refuse(answer.status, answer.body.message ?? `Saving to the draft failed (${answer.status}).`)
      return false
    }
    const saved = answer.body.draft
    adopt(saved)
    dispatch({ type: 'merged', version: saved.base, from: sent, config: saved.config })
    const others = noticeOf(saved.config, answer.body.othersChanged, answer.body.overwritten)
    if (others) setNotice(others)
    setSending({ kind: 'sent' })
    return true
  }, [adopt, dispatch, forget, refuse])

  /** Sends now, after any send under way: once the server has every edit, true. */
  const flush = useCallback(async (): Promise<boolean> => {
    while (inFlight.current) await inFlight.current
    const sending = send().finally(() => (inFlight.current = null))
    inFlight.current = sending
    return sending
  }, [send])

  // Edits go to the server once typing pauses; a send under way is followed by the next.
  const draftConfig = history?.draft
  const dirty = history !== null && history.draft !== history.saved.config
  useEffect(() => {
    if (!enabled || !dirty) return
    const timer = setTimeout(() => void flush(), SEND_DELAY_MS)
    return () => clearTimeout(timer)
  }, [enabled, dirty, draftConfig, flush])

  // The others' saves, merged in as they come.
  const openId = open?.id
  useEffect(() => {
    if (!enabled || !openId) return
    const timer = setInterval(async () => {
      const known = openRef.current
      if (inFlight.current || document.hidden || !known) return
      const answer = await lookAtDraft(known.id, known.revision).catch(() => undefined)
      const now = latest.current
      // A send that began meanwhile answers with a newer draft itself.
      if (!answer || inFlight.current || openRef.current?.revision !== known.revision || !now) return
      if (answer.status === 404) {
        forget()
        setSending({ kind: 'refused', message: answer.body.message ?? 'This draft was published or deleted.' })
        return
      }
      if (answer.status !== 200 || 'unchanged' in answer.body) return
      const { draft, othersChanged } = answer.body
      adopt(draft)
      setCurrent(answer.body.current)
      dispatch({ type: 'merged', version: draft.base, from: now.saved.config, config: draft.config })
      const others = noticeOf(draft.config, othersChanged)
      if (others) setNotice(others)
    }, LOOK_EVERY_MS)
    return () => clearInterval(timer)
  }, [enabled, openId, adopt, dispatch, forget])

  // A reload goes on with the draft this tab had open.
  const loaded = history !== null
  useEffect(() => {
    const id = enabled && loaded ? sessionStore()?.getItem(OPEN_KEY) : null
    if (!id || openRef.current) return
    void lookAtDraft(id).then((answer) => {
      if (answer.status === 200 && 'draft' in answer.body) showOpened(answer.body.draft, answer.body.current)
      else sessionStore()?.removeItem(OPEN_KEY)
    })
  }, [enabled, loaded, showOpened])

  return {
    enabled,
    open,
    /** The version published now, as the server last said: a draft on an older one says so. */
    current,
    notice,
    dismissNotice: () => setNotice(null),
    sending,
    role: session?.role,
    account: session?.account,
    /** The open draft's meta as the server answered a change of its schedule (its config is unchanged). */
    scheduleChanged: adopt,
    /** The open draft's meta as the server answered a step of its review. */
    reviewChanged: adopt,
    /** Whether the draft holds changes to publish. */
    hasChanges: open !== null && open.changes.length > 0,
    async openDraft(id: string) {
      const answer = await lookAtDraft(id)
      if (answer.status === 200 && 'draft' in answer.body) showOpened(answer.body.draft, answer.body.current)
      else setSending({ kind: 'refused', message: answer.body.message ?? `Opening the draft failed (${answer.status}).` })
    },
    async startDraft(name: string): Promise<string | null> {
      const made = await createDraft(name)
      if (made.status !== 201) return made.body.message ?? `Starting a draft failed (${made.status}).`
      showOpened(made.body.draft, made.body.current)
      return null
    },
    async rename(name: string): Promise<string | null> {
      if (!open) return null
      const answer = await renameDraft(open.id, name)
      if (answer.status !== 200) return answer.body.message ?? `Renaming failed (${answer.status}).`
      adopt(answer.body.draft)
      return null
    },
    async remove(id: string): Promise<string | null> {
      const answer = await deleteDraft(id)
      if (answer.status !== 200) return answer.body.message ?? `Deleting failed (${answer.status}).`
      if (openRef.current?.id === id) forget()
      return null
    },
    /** What the last Bring the draft up to date did, until dismissed. */
    rebased,
    dismissRebased: () => setRebased(null),
    /** Sends what is unsent, then moves the open draft onto the version published now and opens it so; a refusal in words, or null. */
    async rebase(): Promise<string | null> {
      if (!(await flush())) return 'Your last edits could not be saved to the draft first, so it was not brought up to date. Try again once they are saved.'
      const draft = openRef.current
      if (!draft) return null
      const answer = await rebaseDraft(draft.id).catch(() => undefined)
      if (!answer) return 'The server cannot be reached; the draft was not changed. Try again once it answers.'
      if (answer.status !== 200) return answer.body.message ?? `Bringing the draft up to date failed (${answer.status}).`
      const { draft: moved, clashes, skipped, problemCount } = answer.body
      showOpened(moved, moved.base)
      setRebased({ version: moved.base, clashes, skipped, problemCount })
      onRebased?.()
      return null
    },
    /** Leaves the draft (it stays on the server for the team). */
    leave: forget,
    flush,
    /** Sends what is unsent, then publishes the draft; undefined when there is no draft to publish. */
    async publish(onStep: (step: PublishStep) => void) {
      if (!(await flush())) return { status: unsent.current.status, body: { message: unsent.current.message, version: '', problems: [] } }
      const draft = openRef.current
      if (!draft) return undefined
      const answer = await publishDraft(draft.id, onStep)
      if (answer.status === 200) forget()
      return answer
    },
  }
}

export type TeamDraftState = ReturnType<typeof useTeamDraft>
