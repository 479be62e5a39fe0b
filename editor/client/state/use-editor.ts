import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import type { Block, SiteConfig } from '../../../site/generated/site-config'
import {
  addPage,
  checkDraft,
  loadDocument,
  saveDraft,
  type EditorMode,
  type EditorProblem,
  type LoadedDocument,
  type NewPageFields,
  type NewPageRefusal,
  type PublishStep,
  type SaveAnswer,
  type VersionMeta,
} from '../api/editor-api'
import { useNewRows } from './new-rows'
import { useTeamDraft } from './use-team-draft'
import { refusalStands } from './refusal'
import { SAVE_WORDS } from './save-words'
import { historyReducer, isBehindSave, undoCrossesSave, type EditorHistory, type HistoryAction } from './editor-history'
import { pathKey, type JsonPath } from './json-path'

const checkDelayMs = 150

/**
 * `current`: on a production server, the version another author published meanwhile (a conflict).
 * `sent`: the draft a refusal was about.
 */
export type SaveState = { kind: 'idle' | 'saving' | 'saved' | 'refused' | 'conflict' | 'failed'; message?: string; current?: VersionMeta; sent?: SiteConfig }

/** The last save as the server went through it: the step it is at (none yet: sent), and once it went through, how long it took from the click. */
export type SaveProgress = { step?: PublishStep; tookMs?: number }

/**
 * Everything the editor page holds: the file as loaded, the unsaved config with undo and redo,
 * the checker's problems with it (asked again after each change), and saving.
 */
export function useEditor() {
  const [history, dispatch] = useReducer((state: EditorHistory | null, action: HistoryAction) => (state || action.type === 'loaded' ? historyReducer(state!, action) : state), null)
  const [label, setLabel] = useState('site.config.json')
  const [mode, setMode] = useState<EditorMode>('file')
  const [images, setImages] = useState<string[]>([])
  const [partners, setPartners] = useState<string[]>([])
  const [unusablePartnerFiles, setUnusablePartnerFiles] = useState<LoadedDocument['unusablePartnerFiles']>([])
  const [problems, setProblems] = useState<EditorProblem[]>([])
  /** The draft and version the checker last answered about: while they are not the current ones, a check is under way. */
  const [checked, setChecked] = useState<{ draft: SiteConfig; version: string }>()
  const [save, setSave] = useState<SaveState>({ kind: 'idle' })
  const [saveProgress, setSaveProgress] = useState<SaveProgress>({})
  const [loadError, setLoadError] = useState<string>()
  const checkRun = useRef(0)
  // A conflict is about the version the edits were made on: once the draft is brought up to date, it is over.
  const team = useTeamDraft({ enabled: mode === 'publish', history, dispatch, onRebased: () => setSave({ kind: 'idle' }) })

  const showLoaded = useCallback((loaded: LoadedDocument) => {
    setLabel(loaded.label)
    setMode(loaded.mode)
    setImages(loaded.images)
    setPartners(loaded.partners)
    setUnusablePartnerFiles(loaded.unusablePartnerFiles ?? [])
    dispatch({ type: 'loaded', version: loaded.version, config: loaded.config })
    setSave({ kind: 'idle' })
  }, [])
  useEffect(() => {
    void loadDocument().then(showLoaded, (error: unknown) => setLoadError(`${errorWords(error)} Is the server running? Reload this page to try again.`))
  }, [showLoaded])
  // An editor already showing the file keeps it, and its edits, when reloading fails. On a
  // production server the published version is shown outside any draft: the open draft is left
  // (it stays in the list of drafts), so the next edit starts a draft on what is published now.
  const { leave } = team
  const reload = useCallback(
    () =>
      loadDocument().then(
        (loaded) => {
          leave()
          showLoaded(loaded)
        },
        (error: unknown) => setSave({ kind: 'failed', message: `Reloading the file failed (${errorWords(error)}); the edits are still here.` }),
      ),
    [showLoaded, leave],
  )

  const draft = history?.draft
  const version = history?.saved.version
  useEffect(() => {
    if (!draft || !version) return
    const run = ++checkRun.current
    const timer = setTimeout(async () => {
      // Unreachable server: the last answer stands until the next change is checked.
      const answer = await checkDraft(version, draft).catch(() => null)
      if (run !== checkRun.current || !answer) return
      setChecked({ draft, version })
      // The same conflict found again is the same notice, not a new one to bring into view.
      if (answer.body.conflict)
        setSave((current) => (current.kind === 'conflict' && current.message === answer.body.message ? current : { kind: 'conflict', message: answer.body.message }))
      // The same problems as before stay the same array: new ones would re-render every field of the form.
      else if (Array.isArray(answer.body.problems)) setProblems((current) => (JSON.stringify(current) === JSON.stringify(answer.body.problems) ? current : answer.body.problems))
    }, checkDelayMs)
    return () => clearTimeout(timer)
  }, [draft, version])
  const checking = Boolean(draft && version) && (checked?.draft !== draft || checked?.version !== version)
  const newRows = useNewRows(draft, problems)
  const { touched } = newRows.rows

  const problemsByPath = useMemo(() => {
    const byPath = new Map<string, EditorProblem[]>()
    for (const problem of newRows.problems) byPath.set(pathKey(problem.path), [...(byPath.get(pathKey(problem.path)) ?? []), problem])
    return byPath
  }, [newRows.problems])

  const change = useCallback(
    (path: JsonPath, value: unknown) => {
      touched(path)
      dispatch({ type: 'set', path, value, at: Date.now() })
    },
    [touched],
  )

  const words = SAVE_WORDS[mode]
  async function saveNow() {
    if (!history) return
    newRows.showAll()
    setSave({ kind: 'saving' })
    setSaveProgress({})
    const sent = history.draft
    const started = performance.now()
    const onStep = (step: PublishStep) => setSaveProgress({ step })
    // On a production server, Publish publishes the team draft the edits were saved to.
    const published = () => (team.enabled ? team.publish(onStep) : Promise.resolve(undefined))
    const answer = await published()
      .then((draftAnswer) => draftAnswer ?? saveDraft(history.saved.version, sent, onStep))
      .catch((error: unknown) => ({
        status: 0,
        body: { message: errorWords(error) } as SaveAnswer,
      }))
    setSaveProgress(answer.status === 200 ? { tookMs: performance.now() - started } : {})
    if (answer.status === 200) {
      dispatch({ type: 'saved', version: answer.body.version, config: sent, at: Date.now() })
      // A publish made a new version: the editor goes on from it as the server has it.
      if (mode === 'publish') await loadDocument().then(showLoaded, () => undefined)
      setSave({ kind: 'saved', message: words.done })
    } else if (answer.status === 409) {
      setSave({ kind: 'conflict', message: answer.body.message, current: answer.body.current })
    } else if (answer.status === 422 && Array.isArray(answer.body.problems)) {
      setProblems(answer.body.problems)
      setSave({ kind: 'refused', message: answer.body.message, sent })
    } else if (answer.status >= 400 && answer.status !== 401 && answer.body.message) {
      // Refusals in the server's words, which say what happened and what to do: a draft too large
      // (413) or too long to check (422), the checker busy (503), the server's disk full (507).
      setSave({ kind: 'refused', message: answer.body.message, sent })
    } else {
      const why = answer.status === 0 ? 'the server did not answer' : answer.status === 401 ? 'your sign-in has ended' : `${answer.status}`
      setSave({ kind: 'failed', message: words.failed(why) })
    }
  }

  async function createPage(fields: NewPageFields): Promise<NewPageRefusal | null> {
    if (!history) return null
    const answer = await addPage(history.saved.version, history.draft, fields).catch((error: unknown) => ({
      status: 0,
      body: { message: `The server did not answer (${errorWords(error)}).` },
    }))
    const body = answer.body
    if ('config' in body) {
      dispatch({ type: 'replace', config: body.config })
      return null
    }
    if ('field' in body) return body
    return { field: 'form', message: body.message || `Creating the page failed (${answer.status}); see the server's log.` }
  }

  const setBlocks = (routeIndex: number, blocks: Block[]) => change(['routes', routeIndex, 'blocks'], blocks)
  /** A change across the config (a page's new address with the links to it, a draft kept in the browser put back) as one step to undo. */
  const replaceConfig = useCallback((config: SiteConfig) => dispatch({ type: 'replace', config }), [])

  return {
    loaded: history !== null,
    loadError,
    config: draft as SiteConfig,
    /** The file's version the draft was loaded or last saved as. */
    savedVersion: version,
    /** When the file was last saved from here; undefined while it is as loaded. */
    savedAt: history?.saved.at,
    dirty: history !== null && history.draft !== history.saved.config,
    /** The next undo goes back past the last save. */
    undoCrossesSave: history !== null && undoCrossesSave(history),
    /** Undo went back past the last save: the file holds a later state, which redo reaches. */
    behindSave: history !== null && isBehindSave(history),
    canUndo: (history?.past.length ?? 0) > 0,
    canRedo: (history?.future.length ?? 0) > 0,
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    label,
    /** 'file' (`npm run dev`: Save writes the file) or 'publish' (a production server: Save publishes). */
    mode,
    /** What saving is called here (Save or Publish, and its messages). */
    words,
    images,
    setImages,
    partners,
    unusablePartnerFiles,
    /** The checker's problems, less those of new rows not touched yet (new-rows.ts). */
    problems: newRows.problems,
    problemsByPath,
    /** What a list field tells about its new rows. */
    rows: newRows.rows,
    checking,
    save: refusalStands(save, { draft, checking, problems }) ? save : IDLE,
    saveProgress,
    change,
    setBlocks,
    replaceConfig,
    saveNow,
    reload,
    createPage,
    /** On a production server, the team draft the edits are saved to (state/use-team-draft.ts). */
    team,
  }
}

export type Editor = ReturnType<typeof useEditor>

const IDLE: SaveState = { kind: 'idle' }

const errorWords = (error: unknown) => (error instanceof Error ? error.message : String(error))
